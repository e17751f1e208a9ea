import { Router } from 'express';
import { peopleSearchQuerySchema, privacyUpdateSchema, type Person } from '../../../shared/social';
import { route } from '../../http/route';
import { requireAuth, sessionOf } from '../auth/session-middleware';
import type { RouteDeps } from '../routes';
import { findByEmail, rankPeople } from './people-search';
import { readPeople } from './people-read';
import { changePrivacy } from './privacy-command';

export function peopleRoutes(deps: RouteDeps): Router {
  const router = Router();

  router.get(
    '/users',
    requireAuth,
    route({ query: peopleSearchQuerySchema }, async ({ query }, req, res) => {
      const callerId = sessionOf(req).userId;
      const ids = query.email
        ? [await findByEmail(deps.db, callerId, query.email)].filter((id) => id !== null)
        : (await rankPeople(deps.db, callerId, query.q ?? '', query._limit)).map((m) => m.id);
      const people = await readPeople(deps.db, callerId, ids);
      res.json(ids.map((id) => people.get(id)).filter((p): p is Person => p !== undefined));
    }),
  );

  router.get(
    '/me/privacy',
    requireAuth,
    route({}, async (_input, req, res) => {
      const row = await deps.db
        .selectFrom('users')
        .select('privacy')
        .where('id', '=', sessionOf(req).userId)
        .executeTakeFirstOrThrow();
      res.json({ privacy: row.privacy });
    }),
  );

  router.put(
    '/me/privacy',
    requireAuth,
    route({ body: privacyUpdateSchema }, async ({ body }, req, res) => {
      const privacy = await changePrivacy(
        deps.db,
        sessionOf(req).userId,
        body.privacy,
        String(req.id),
      );
      res.json({ privacy });
    }),
  );

  return router;
}
