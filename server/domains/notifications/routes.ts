import { Router } from 'express';
import { z } from 'zod';
import {
  notificationPreferencesSchema,
  notificationsQuerySchema,
} from '../../../shared/social/notifications';
import { route } from '../../http/route';
import { requireAuth, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import {
  changeNotificationPreferences,
  markAllNotificationsRead,
  markNotificationRead,
} from './commands';
import { readNotificationsPage } from './notifications-read';
import { readPreferences } from './preferences';

const notificationParams = z.object({ id: z.uuid() });

export function notificationsRoutes(deps: RouteDeps): Router {
  const router = Router();
  const ctx = (requestId: unknown) => ({ db: deps.db, requestId: String(requestId) });

  router.get(
    '/notifications',
    requireAuth,
    route({ query: notificationsQuerySchema }, async ({ query }, req, res) => {
      res.json(await readNotificationsPage(deps.db, sessionOf(req).userId, query.cursor));
    }),
  );

  router.post(
    '/notifications/read-all',
    requireAuth,
    route({}, async (_input, req, res) => {
      await markAllNotificationsRead(ctx(req.id), sessionOf(req).userId);
      res.status(204).end();
    }),
  );

  router.post(
    '/notifications/:id/read',
    requireAuth,
    route({ params: notificationParams }, async ({ params }, req, res) => {
      res.json(await markNotificationRead(ctx(req.id), sessionOf(req).userId, params.id));
    }),
  );

  router.get(
    '/me/notification-preferences',
    requireAuth,
    route({}, async (_input, req, res) => {
      res.json(await readPreferences(deps.db, sessionOf(req).userId));
    }),
  );

  router.put(
    '/me/notification-preferences',
    requireAuth,
    route({ body: notificationPreferencesSchema }, async ({ body }, req, res) => {
      res.json(await changeNotificationPreferences(ctx(req.id), sessionOf(req).userId, body));
    }),
  );

  return router;
}
