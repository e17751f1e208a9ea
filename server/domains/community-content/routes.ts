import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  addReplySchema,
  communityContentMessages as messages,
  communityPostLikeStateSchema,
  communityPostPageSchema,
  communityPostSchema,
  communityPostsQuerySchema,
  createCommunityPostSchema,
  discussionPageSchema,
  discussionReplySchema,
  discussionSchema,
  discussionsQuerySchema,
  discussionThreadSchema,
  patchCommunityPostSchema,
  patchDiscussionSchema,
  repliesQuerySchema,
  startDiscussionSchema,
} from '../../../shared/community-content';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { toggleRoutes } from '../../http/toggle-routes';
import { memberIdOf } from '../../http/signed-in';
import { commandRoute, found, idParams, readRoute } from '../posts/route-builders';
import { idOrNone } from '../posts/streams';
import { readCommunityPosts, readDiscussions, readThread } from './content-read';
import {
  deleteDiscussion,
  replyToDiscussion,
  setDiscussionFlags,
  startDiscussion,
  viewDiscussion,
} from './discussion-commands';
import {
  createCommunityPost,
  deleteCommunityPost,
  setCommunityPostFlags,
  setCommunityPostLike,
} from './post-commands';

/** What a command read back of a discussion, missing when it went or the caller lost it. */
const ofDiscussion = (status: 200 | 201, schema: z.ZodType) =>
  ({ status, schema, notFound: messages.discussionNotFound }) as const;

/** A community post read back after a change. */
const communityPost = (status: 200 | 201) =>
  ({ status, schema: communityPostSchema, notFound: messages.postNotFound }) as const;

export function communityContentRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config } = deps;
  const likeRoutes = toggleRoutes({
    path: '/community-posts/:id/like',
    summaries: { on: 'Likes a community post', off: 'Takes back a like of a post' },
    description: 'Members of the community only. Idempotent; answers the absolute count.',
    params: idParams,
    response: communityPostLikeStateSchema,
    errors: [403, 404],
    async set(postId, like, req) {
      const post = found(
        await commands.run(
          setCommunityPostLike,
          { actorId: memberIdOf(req), postId, like },
          contextOf(req),
        ),
        messages.postNotFound,
      );
      return {
        postId: post.id,
        likes: post.likes,
        likedByMe: post.likedByMe,
        version: post.version,
      };
    },
  });

  return [
    readRoute({
      path: '/communities/:id/discussions',
      summary: "A community's discussions: sticky first, then by last activity",
      description: 'Keyset pages; public communities to every member, others to their members.',
      tag: 'community-content',
      params: idParams,
      query: discussionsQuerySchema,
      errors: [403, 404],
      answer: { schema: discussionPageSchema, notFound: messages.communityNotFound },
      read: ({ memberId, params, query }) =>
        readDiscussions(db, idOrNone(params.id), memberId, query),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/communities/:id/discussions',
      summary: 'Starts a discussion in a community the member belongs to',
      tag: 'community-content',
      params: idParams,
      body: startDiscussionSchema,
      errors: [403, 404],
      answer: ofDiscussion(201, discussionSchema),
      command: startDiscussion,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        communityId: params.id,
        discussionId: randomUUID(),
        discussion: body,
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/discussions/:id',
      summary: 'A discussion with a page of its replies, oldest first',
      description: "The first page counts the member's first view (never the author's).",
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      query: repliesQuerySchema,
      responses: { 200: discussionThreadSchema },
      errors: [404],
      async handler({ params, query }, req, res) {
        const viewerId = memberIdOf(req);
        const discussionId = idOrNone(params.id);
        if (query.cursor === undefined) {
          await commands.run(viewDiscussion, { viewerId, discussionId }, contextOf(req));
        }
        res.json(
          found(await readThread(db, discussionId, viewerId, query), messages.discussionNotFound),
        );
      },
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/discussions/:id/replies',
      summary: 'Replies in a discussion; refused while it is locked',
      tag: 'community-content',
      params: idParams,
      body: addReplySchema,
      errors: [403, 404, 409],
      answer: ofDiscussion(201, discussionReplySchema),
      command: replyToDiscussion,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        discussionId: params.id,
        replyId: randomUUID(),
        reply: body,
        publicUrl: config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/discussions/:id',
      summary: 'Makes a discussion sticky or locks it, or undoes either (admins and moderators)',
      tag: 'community-content',
      params: idParams,
      body: patchDiscussionSchema,
      errors: [403, 404],
      answer: ofDiscussion(200, discussionSchema),
      command: setDiscussionFlags,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        discussionId: params.id,
        patch: body,
      }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path: '/discussions/:id',
      summary: 'Deletes a discussion with its replies (its author, admins and moderators)',
      tag: 'community-content',
      params: idParams,
      errors: [403, 404],
      command: deleteDiscussion,
      input: ({ memberId, params }) => ({ actorId: memberId, discussionId: params.id }),
    }),
    readRoute({
      path: '/communities/:id/posts',
      summary: "A community's posts: pinned first, then newest",
      tag: 'community-content',
      params: idParams,
      query: communityPostsQuerySchema,
      errors: [403, 404],
      answer: { schema: communityPostPageSchema, notFound: messages.communityNotFound },
      read: ({ memberId, params, query }) =>
        readCommunityPosts(db, idOrNone(params.id), memberId, query),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/communities/:id/posts',
      summary: "Posts on a community's hub; announcements by admins and moderators only",
      tag: 'community-content',
      params: idParams,
      body: createCommunityPostSchema,
      errors: [403, 404],
      answer: communityPost(201),
      command: createCommunityPost,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        communityId: params.id,
        postId: randomUUID(),
        post: body,
        publicUrl: config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/community-posts/:id',
      summary: 'Pins a post or makes it an announcement, or undoes either (admins and moderators)',
      tag: 'community-content',
      params: idParams,
      body: patchCommunityPostSchema,
      errors: [403, 404],
      answer: communityPost(200),
      command: setCommunityPostFlags,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        patch: body,
      }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path: '/community-posts/:id',
      summary: 'Deletes a community post with its likes (its author, admins and moderators)',
      tag: 'community-content',
      params: idParams,
      errors: [403, 404],
      command: deleteCommunityPost,
      input: ({ memberId, params }) => ({ actorId: memberId, postId: params.id }),
    }),
    ...likeRoutes,
  ];
}
