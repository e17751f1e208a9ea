import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../shared/api/text';
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
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { toggleRoutes } from '../../http/toggle-routes';
import { memberIdOf } from '../../http/signed-in';
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

/**
 * Any id is accepted: one that is not a UUID names nothing and answers 404 like a community the
 * caller may not read, so the two cannot be told apart.
 */
const idParams = z.object({ id: text({ max: 100 }) });

/** A read or read back that found nothing (gone, or closed to the caller) is a 404. */
function found<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

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
    defineRoute({
      method: 'get',
      path: '/communities/:id/discussions',
      summary: "A community's discussions: sticky first, then by last activity",
      description: 'Keyset pages; public communities to every member, others to their members.',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      query: discussionsQuerySchema,
      responses: { 200: discussionPageSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        res.json(
          found(
            await readDiscussions(db, idOrNone(params.id), memberIdOf(req), query),
            messages.communityNotFound,
          ),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/discussions',
      summary: 'Starts a discussion in a community the member belongs to',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      body: startDiscussionSchema,
      responses: { 201: discussionSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const discussion = await commands.run(
          startDiscussion,
          {
            actorId: memberIdOf(req),
            communityId: params.id,
            discussionId: randomUUID(),
            discussion: body,
          },
          contextOf(req),
        );
        res.status(201).json(found(discussion, messages.discussionNotFound));
      },
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
    defineRoute({
      method: 'post',
      path: '/discussions/:id/replies',
      summary: 'Replies in a discussion; refused while it is locked',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      body: addReplySchema,
      responses: { 201: discussionReplySchema },
      errors: [403, 404, 409],
      async handler({ params, body }, req, res) {
        const reply = await commands.run(
          replyToDiscussion,
          {
            actorId: memberIdOf(req),
            discussionId: params.id,
            replyId: randomUUID(),
            reply: body,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(found(reply, messages.discussionNotFound));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/discussions/:id',
      summary: 'Makes a discussion sticky or locks it, or undoes either (admins and moderators)',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      body: patchDiscussionSchema,
      responses: { 200: discussionSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const discussion = await commands.run(
          setDiscussionFlags,
          { actorId: memberIdOf(req), discussionId: params.id, patch: body },
          contextOf(req),
        );
        res.json(found(discussion, messages.discussionNotFound));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/discussions/:id',
      summary: 'Deletes a discussion with its replies (its author, admins and moderators)',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        await commands.run(
          deleteDiscussion,
          { actorId: memberIdOf(req), discussionId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/communities/:id/posts',
      summary: "A community's posts: pinned first, then newest",
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      query: communityPostsQuerySchema,
      responses: { 200: communityPostPageSchema },
      errors: [403, 404],
      async handler({ params, query }, req, res) {
        res.json(
          found(
            await readCommunityPosts(db, idOrNone(params.id), memberIdOf(req), query),
            messages.communityNotFound,
          ),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/communities/:id/posts',
      summary: "Posts on a community's hub; announcements by admins and moderators only",
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      body: createCommunityPostSchema,
      responses: { 201: communityPostSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const post = await commands.run(
          createCommunityPost,
          {
            actorId: memberIdOf(req),
            communityId: params.id,
            postId: randomUUID(),
            post: body,
            publicUrl: config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(found(post, messages.postNotFound));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/community-posts/:id',
      summary: 'Pins a post or makes it an announcement, or undoes either (admins and moderators)',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      body: patchCommunityPostSchema,
      responses: { 200: communityPostSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const post = await commands.run(
          setCommunityPostFlags,
          { actorId: memberIdOf(req), postId: params.id, patch: body },
          contextOf(req),
        );
        res.json(found(post, messages.postNotFound));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/community-posts/:id',
      summary: 'Deletes a community post with its likes (its author, admins and moderators)',
      tag: 'community-content',
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        await commands.run(
          deleteCommunityPost,
          { actorId: memberIdOf(req), postId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    ...likeRoutes,
  ];
}
