import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import {
  notificationPreferencesSchema,
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '../../../shared/social/notifications';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import {
  changeNotificationPreferences,
  markAllNotificationsRead,
  markNotificationRead,
} from './commands';
import { presentNotifications } from './notification-presenter';
import { readNotificationsPage } from './notifications-read';
import { readPreferences } from './preferences';

const notificationParams = z.object({ id: idField() });

export function notificationsRoutes(deps: ModuleDeps) {
  const { db, commands, meanings } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/notifications',
      summary: "The member's notifications, newest first, a page at a time",
      auth: 'member',
      query: notificationsQuerySchema,
      responses: { 200: notificationsPageSchema },
      async handler({ query }, req, res) {
        res.json(await readNotificationsPage(db, meanings, memberIdOf(req), query.cursor));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/notifications/read-all',
      summary: 'Marks every notification of the member read',
      auth: 'member',
      responses: { 204: null },
      async handler(_input, req, res) {
        await commands.run(markAllNotificationsRead, { userId: memberIdOf(req) }, contextOf(req));
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/notifications/:id/read',
      summary: 'Marks one notification read',
      auth: 'member',
      params: notificationParams,
      responses: { 200: notificationSchema },
      errors: [404],
      async handler({ params }, req, res) {
        const row = await commands.run(
          markNotificationRead,
          { userId: memberIdOf(req), notificationId: params.id },
          contextOf(req),
        );
        const [presented] = await presentNotifications(db, row ? [row] : [], meanings);
        res.json(presented);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/me/notification-preferences',
      summary: "The member's in-app and email preference per notification type",
      auth: 'member',
      responses: { 200: notificationPreferencesSchema },
      async handler(_input, req, res) {
        res.json(await readPreferences(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/me/notification-preferences',
      summary: "Replaces the member's notification preferences",
      auth: 'member',
      body: notificationPreferencesSchema,
      responses: { 200: notificationPreferencesSchema },
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        res.json(
          await commands.run(
            changeNotificationPreferences,
            { userId, preferences: body },
            contextOf(req),
          ),
        );
      },
    }),
  ];
}
