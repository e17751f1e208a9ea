import { sql } from 'kysely';
import {
  pushMessages as m,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  type PushSubscriptionView,
} from '../../../shared/push';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, notFound } from '../../core/errors';
import { first, mapRead, streamVersion, streamVersionSql, value } from '../../core/reads';
import { qb, statement } from '../../db/statement';
import type { StreamAppend } from '../../eventstore/append';
import { presentPushSubscription } from './push-presenter';
import { pushStreamId } from './streams';

export interface SubscribeInput {
  userId: string;
  /** Made by the route, so the decision stays pure; used only when the browser is new. */
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  now: Date;
}

/** Who holds a browser's endpoint now, if anyone. */
interface EndpointOwner {
  subscription_id: string;
  user_id: string;
}

/**
 * A browser subscribes, or says again that it is subscribed (each visit of a page that may
 * push does): one subscription per endpoint, so a browser is listed once however often it
 * comes back. Its keys and last use are refreshed in place, without an event. An endpoint held
 * by another member passes to this one (a shared computer): theirs ends as `replaced`, in the
 * same write, so that member's notifications stop reaching it.
 */
export const subscribePush = defineCommand({
  name: 'push.subscribe',
  load: ({ userId, endpoint }: SubscribeInput) => ({
    version: streamVersion(pushStreamId(userId)),
    holder: first(
      qb
        .selectFrom('push_endpoints')
        .select(['subscription_id', 'user_id'])
        .where('endpoint', '=', endpoint),
    ),
    holderVersion: value(
      streamVersionSql(sql`${pushStreamId('')} || (select e.user_id::text from push_endpoints e
        where e.endpoint = ${endpoint})`),
    ),
    count: value(sql<number>`(select count(*)::int from push_subscriptions
      where user_id = ${userId}::uuid)`),
  }),
  decide(
    state: {
      version: number;
      holder: EndpointOwner | undefined;
      holderVersion: number;
      count: number;
    },
    input: SubscribeInput,
  ) {
    const { userId, endpoint, p256dh, auth, now } = input;
    const { holder } = state;
    if (holder?.user_id === userId) {
      return {
        effects: [
          statement(
            qb
              .updateTable('push_endpoints')
              .set({ p256dh, auth, last_used_at: now })
              .where('subscription_id', '=', holder.subscription_id),
          ),
        ],
        reply: subscriptionReply(holder.subscription_id),
      };
    }
    if (state.count >= PUSH_SUBSCRIPTIONS_PER_MEMBER) {
      throw conflict('push-limit-reached', m.limitReached(PUSH_SUBSCRIPTIONS_PER_MEMBER));
    }
    const appends: StreamAppend[] = [];
    if (holder) {
      appends.push(
        appendTo(pushStreamId(holder.user_id), state.holderVersion, [
          {
            type: 'PushUnsubscribed',
            data: {
              userId: holder.user_id,
              subscriptionId: holder.subscription_id,
              reason: 'replaced',
            },
          },
        ]),
      );
    }
    appends.push(
      appendTo(pushStreamId(userId), state.version, [
        {
          type: 'PushSubscribed',
          data: { userId, subscriptionId: input.subscriptionId, device: input.device },
        },
      ]),
    );
    return {
      appends,
      // After the projections, which removed the endpoint's previous holder.
      effects: [
        statement(
          qb.insertInto('push_endpoints').values({
            subscription_id: input.subscriptionId,
            user_id: userId,
            endpoint,
            p256dh,
            auth,
            last_used_at: now,
          }),
        ),
      ],
      reply: subscriptionReply(input.subscriptionId),
    };
  },
});

function subscriptionReply(subscriptionId: string) {
  return mapRead(
    first(
      qb
        .selectFrom('push_subscriptions as s')
        .innerJoin('push_endpoints as e', 'e.subscription_id', 's.id')
        .select(['s.id', 's.device', 's.created_at', 'e.last_used_at'])
        .where('s.id', '=', subscriptionId),
    ),
    (row): PushSubscriptionView => {
      if (!row) throw new Error('The subscription just written is not there');
      return presentPushSubscription(row);
    },
  );
}

export interface UnsubscribeInput {
  userId: string;
  subscriptionId: string;
  /** `expired`: the push service said the subscription is gone (the worker). */
  reason: 'removed' | 'expired';
}

/**
 * A subscription ends: the member removed it, or its push service answered 404 or 410. Pushes
 * still waiting for it go with it. One already gone is a 404 to the member and nothing to the
 * worker, which may meet a subscription the member removed meanwhile.
 */
export const unsubscribePush = defineCommand({
  name: 'push.unsubscribe',
  load: ({ userId, subscriptionId }: UnsubscribeInput) => ({
    version: streamVersion(pushStreamId(userId)),
    found: first(
      qb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('id', '=', subscriptionId)
        .where('user_id', '=', userId),
    ),
  }),
  decide({ version, found }, { userId, subscriptionId, reason }) {
    if (!found) {
      if (reason === 'expired') return {};
      throw notFound(m.notFound);
    }
    return {
      appends: [
        appendTo(pushStreamId(userId), version, [
          { type: 'PushUnsubscribed', data: { userId, subscriptionId, reason } },
        ]),
      ],
    };
  },
});
