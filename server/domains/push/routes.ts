import { randomUUID } from 'node:crypto';
import {
  pushMessages as m,
  pushSubscriptionAnswerSchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionListSchema,
  pushSubscriptionRequestSchema,
} from '../../../shared/push';
import { contextOf } from '../../core/context';
import { invalidField } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { subscribePush, unsubscribePush } from './commands';
import { deviceName } from './device-name';
import { endpointAllowed } from './push-endpoint';
import { readPushSubscriptions } from './push-read';
import { pushServices } from './push-services';

/**
 * A member's browsers for Web Push, managed from a signed-in browser only (`scope: 'session'`):
 * subscribing is something a browser does for itself, and a token that could list them would
 * learn where else the member is signed in.
 */
export function pushRoutes(deps: ModuleDeps) {
  const { db, commands, config } = deps;
  const { vapid } = pushServices(deps);
  return [
    defineRoute({
      method: 'get',
      path: '/me/push-subscriptions',
      summary: 'The browsers the member receives push notifications on, and the server’s VAPID key',
      description:
        'Each browser with its name (from its user agent) and last use; never its endpoint or ' +
        'keys. `publicKey` is the `applicationServerKey` a browser subscribes with.',
      auth: 'member',
      scope: 'session',
      responses: { 200: pushSubscriptionListSchema },
      async handler(_input, req, res) {
        const subscriptions = await readPushSubscriptions(db, memberIdOf(req));
        res.json({ publicKey: vapid.current.publicKey, subscriptions });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/me/push-subscriptions',
      summary: 'Registers this browser’s push subscription, or refreshes it',
      description:
        'The body is `PushSubscription.toJSON()`. One subscription per endpoint: sending it ' +
        'again answers the same subscription with its keys and last use refreshed; an endpoint ' +
        'another member held passes to this one.',
      auth: 'member',
      scope: 'session',
      body: pushSubscriptionRequestSchema,
      responses: { 200: pushSubscriptionAnswerSchema },
      errors: [409],
      async handler({ body }, req, res) {
        if (!endpointAllowed(body.endpoint, config.WEB_PUSH_TEST_ORIGIN)) {
          throw invalidField('endpoint', 'endpoint-invalid', m.endpointInvalid);
        }
        const subscription = await commands.run(
          subscribePush,
          {
            userId: memberIdOf(req),
            subscriptionId: randomUUID(),
            endpoint: body.endpoint,
            p256dh: body.keys.p256dh,
            auth: body.keys.auth,
            device: deviceName(req.get('user-agent')),
            now: new Date(),
          },
          contextOf(req),
        );
        res.json({ subscription });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/me/push-subscriptions/:id',
      summary: 'Stops push notifications to one of the member’s browsers',
      auth: 'member',
      scope: 'session',
      params: pushSubscriptionIdParamsSchema,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          unsubscribePush,
          { userId: memberIdOf(req), subscriptionId: params.id, reason: 'removed' },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}
