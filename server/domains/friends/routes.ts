import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  blockRequestSchema,
  friendPermissionsUpdateSchema,
  friendSearchQuerySchema,
  sendFriendRequestSchema,
} from '../../../shared/social';
import { route } from '../../http/route';
import { requireAuth, sessionOf } from '../auth/session-middleware';
import { readPeople } from '../people/people-read';
import type { RouteDeps } from '../routes';
import { readBlocked } from './blocks-read';
import {
  actOnFriendRequest,
  blockMember,
  removeFriend,
  sendFriendRequest,
  setFriendPermissions,
  unblockMember,
  type FriendsContext,
} from './commands';
import { readFriend, readFriends } from './friends-read';
import { readFriendRequest, readFriendRequests } from './requests-read';
import { searchPeopleFor, suggestFriends } from './search-results';

const requestParams = z.strictObject({ id: z.uuid() });
const userParams = z.strictObject({ userId: z.uuid() });

export function friendsRoutes(deps: RouteDeps): Router {
  const router = Router();
  router.use('/friends', requireAuth);
  const ctx = (req: Request): FriendsContext => ({
    db: deps.db,
    publicUrl: deps.publicUrl,
    requestId: String(req.id),
  });
  const me = (req: Request) => sessionOf(req).userId;

  router.get(
    '/friends',
    route({}, async (_input, req, res) => {
      res.json(await readFriends(deps.db, me(req)));
    }),
  );

  router.get(
    '/friends/requests',
    route({}, async (_input, req, res) => {
      res.json(await readFriendRequests(deps.db, me(req)));
    }),
  );

  router.post(
    '/friends/requests',
    route({ body: sendFriendRequestSchema }, async ({ body }, req, res) => {
      const requestId = await sendFriendRequest(ctx(req), me(req), body);
      res.status(201).json(await readFriendRequest(deps.db, me(req), requestId));
    }),
  );

  router.post(
    '/friends/requests/:id/accept',
    route({ params: requestParams }, async ({ params }, req, res) => {
      const request = await actOnFriendRequest(ctx(req), me(req), params.id, 'accept');
      res.json(await readFriend(deps.db, me(req), request.from_user_id));
    }),
  );

  router.post(
    '/friends/requests/:id/reject',
    route({ params: requestParams }, async ({ params }, req, res) => {
      await actOnFriendRequest(ctx(req), me(req), params.id, 'reject');
      res.json(await readFriendRequest(deps.db, me(req), params.id));
    }),
  );

  router.delete(
    '/friends/requests/:id',
    route({ params: requestParams }, async ({ params }, req, res) => {
      await actOnFriendRequest(ctx(req), me(req), params.id, 'cancel');
      res.json(await readFriendRequest(deps.db, me(req), params.id));
    }),
  );

  router.get(
    '/friends/search',
    route({ query: friendSearchQuerySchema }, async ({ query }, req, res) => {
      res.json(await searchPeopleFor(deps.db, me(req), query.q));
    }),
  );

  router.get(
    '/friends/suggestions',
    route({}, async (_input, req, res) => {
      res.json(await suggestFriends(deps.db, me(req)));
    }),
  );

  router.get(
    '/friends/blocked',
    route({}, async (_input, req, res) => {
      res.json(await readBlocked(deps.db, me(req)));
    }),
  );

  router.post(
    '/friends/blocks',
    route({ body: blockRequestSchema }, async ({ body }, req, res) => {
      await blockMember(ctx(req), me(req), body.userId);
      const people = await readPeople(deps.db, me(req), [body.userId]);
      res.status(201).json(people.get(body.userId) ?? null);
    }),
  );

  router.delete(
    '/friends/blocks/:userId',
    route({ params: userParams }, async ({ params }, req, res) => {
      await unblockMember(ctx(req), me(req), params.userId);
      res.status(204).end();
    }),
  );

  router.put(
    '/friends/:userId/permissions',
    route(
      { params: userParams, body: friendPermissionsUpdateSchema },
      async ({ params, body }, req, res) => {
        await setFriendPermissions(ctx(req), me(req), params.userId, body.permissions);
        res.json(await readFriend(deps.db, me(req), params.userId));
      },
    ),
  );

  router.delete(
    '/friends/:userId',
    route({ params: userParams }, async ({ params }, req, res) => {
      await removeFriend(ctx(req), me(req), params.userId);
      res.status(204).end();
    }),
  );

  return router;
}
