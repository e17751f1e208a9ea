import { z } from 'zod';
import { idField } from '../../../shared/api/ids';
import {
  blockRequestSchema,
  friendPermissionsUpdateSchema,
  friendRequestSchema,
  friendRequestsSchema,
  friendSchema,
  friendSearchQuerySchema,
  personSchema,
  searchResultSchema,
  sendFriendRequestSchema,
} from '../../../shared/social';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readPeople } from '../people/people-read';
import { readBlocked } from './blocks-read';
import {
  blockMember,
  friendsCommands,
  removeFriend,
  setFriendPermissions,
  unblockMember,
} from './commands';
import { readFriend, readFriends } from './friends-read';
import { readFriendRequest, readFriendRequests } from './requests-read';
import { searchPeopleFor, suggestFriends } from './search-results';

const requestParams = z.strictObject({ id: idField() });
const userParams = z.strictObject({ userId: idField() });

export function friendsRoutes({ db, readDb, commands, config }: ModuleDeps) {
  const { sendRequest, actOnRequest } = friendsCommands({ publicUrl: config.publicUrl });
  const answerRequest =
    (action: 'accept' | 'reject' | 'cancel') =>
    async (params: { id: string }, req: Parameters<typeof contextOf>[0]) =>
      commands.run(
        actOnRequest,
        { actorId: memberIdOf(req), requestId: params.id, action },
        contextOf(req),
      );
  /** Declining and withdrawing answer the request as it now stands. */
  const closeRequest = (method: 'post' | 'delete', path: string, action: 'reject' | 'cancel') =>
    defineRoute({
      method,
      path,
      summary:
        action === 'reject'
          ? 'Declines a friend request sent to the member'
          : 'Withdraws a friend request the member sent',
      auth: 'member',
      params: requestParams,
      responses: { 200: friendRequestSchema },
      errors: [404, 409],
      async handler({ params }, req, res) {
        await answerRequest(action)(params, req);
        res.json(await readFriendRequest(db, memberIdOf(req), params.id));
      },
    });
  return [
    defineRoute({
      method: 'get',
      path: '/friends',
      summary: "The member's friends, newest friendship first",
      auth: 'member',
      responses: { 200: z.array(friendSchema) },
      async handler(_input, req, res) {
        res.json(await readFriends(readDb, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/friends/requests',
      summary: 'Pending friend requests, incoming and outgoing',
      auth: 'member',
      responses: { 200: friendRequestsSchema },
      async handler(_input, req, res) {
        res.json(await readFriendRequests(readDb, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/friends/requests',
      summary: 'Sends a friend request, with an optional note',
      auth: 'member',
      body: sendFriendRequestSchema,
      responses: { 201: friendRequestSchema },
      errors: [403, 404, 409, 429],
      async handler({ body }, req, res) {
        const senderId = memberIdOf(req);
        const requestId = await commands.run(
          sendRequest,
          { senderId, toUserId: body.toUserId, message: body.message },
          contextOf(req),
        );
        res.status(201).json(await readFriendRequest(db, senderId, requestId));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/friends/requests/:id/accept',
      summary: 'Accepts a friend request sent to the member',
      auth: 'member',
      params: requestParams,
      responses: { 200: friendSchema },
      errors: [403, 404, 409],
      async handler({ params }, req, res) {
        const request = await answerRequest('accept')(params, req);
        res.json(await readFriend(db, memberIdOf(req), request.from_user_id));
      },
    }),
    closeRequest('post', '/friends/requests/:id/reject', 'reject'),
    closeRequest('delete', '/friends/requests/:id', 'cancel'),
    defineRoute({
      method: 'get',
      path: '/friends/search',
      summary: 'People search ranked by username, similarity and mutual friends',
      description: 'A search past its time limit answers `503 search-timeout`.',
      auth: 'member',
      query: friendSearchQuerySchema,
      responses: { 200: z.array(searchResultSchema) },
      errors: [503],
      async handler({ query }, req, res) {
        res.json(await searchPeopleFor(readDb, memberIdOf(req), query.q));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/friends/suggestions',
      summary: 'Friends of friends, ranked by mutual friends',
      auth: 'member',
      responses: { 200: z.array(searchResultSchema) },
      async handler(_input, req, res) {
        res.json(await suggestFriends(readDb, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/friends/blocked',
      summary: 'The members the member has blocked',
      auth: 'member',
      responses: { 200: z.array(personSchema) },
      async handler(_input, req, res) {
        res.json(await readBlocked(readDb, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/friends/blocks',
      summary: 'Blocks a member: ends the friendship and cancels pending requests',
      auth: 'member',
      body: blockRequestSchema,
      responses: { 201: personSchema.nullable() },
      errors: [404],
      async handler({ body }, req, res) {
        const userId = memberIdOf(req);
        await commands.run(blockMember, { userId, blockedUserId: body.userId }, contextOf(req));
        const people = await readPeople(db, userId, [body.userId]);
        res.status(201).json(people.get(body.userId) ?? null);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/friends/blocks/:userId',
      summary: 'Lifts a block',
      auth: 'member',
      params: userParams,
      responses: { 204: null },
      async handler({ params }, req, res) {
        const userId = memberIdOf(req);
        await commands.run(unblockMember, { userId, blockedUserId: params.userId }, contextOf(req));
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'put',
      path: '/friends/:userId/permissions',
      summary: 'Sets what a friend may do with respect to the member',
      auth: 'member',
      params: userParams,
      body: friendPermissionsUpdateSchema,
      responses: { 200: friendSchema },
      errors: [404],
      async handler({ params, body }, req, res) {
        const userId = memberIdOf(req);
        await commands.run(
          setFriendPermissions,
          { userId, friendId: params.userId, permissions: body.permissions },
          contextOf(req),
        );
        res.json(await readFriend(db, userId, params.userId));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/friends/:userId',
      summary: 'Ends a friendship',
      auth: 'member',
      params: userParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        const userId = memberIdOf(req);
        await commands.run(removeFriend, { userId, friendId: params.userId }, contextOf(req));
        res.status(204).end();
      },
    }),
  ];
}
