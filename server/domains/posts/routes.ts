import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { text } from '../../../shared/api/text';
import {
  addCommentSchema,
  commentLikeStateSchema,
  commentSchema,
  commentsSchema,
  createPostSchema,
  editCommentSchema,
  feedPageSchema,
  feedQuerySchema,
  homeFeedPageSchema,
  myPostsQuerySchema,
  myPostsStatsSchema,
  patchPostSchema,
  postLikeStateSchema,
  postListSchema,
  postSchema,
  postsMessages,
  savedPageSchema,
  savedQuerySchema,
  saveStateSchema,
  sharePostSchema,
  shareStateSchema,
  trendingQuerySchema,
  trendingSchema,
  userPostsPageSchema,
  userPostsQuerySchema,
  videosQuerySchema,
} from '../../../shared/posts';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { toggleRoutes } from '../../http/toggle-routes';
import { memberIdOf } from '../../http/signed-in';
import { addComment, deleteComment, editComment } from './comment-commands';
import { createPost, deletePost, editPost } from './commands';
import { readComments } from './comments-read';
import { presentPost } from './post-presenter';
import { readFeed } from './home-feed-read';
import { readMyPosts, readMyPostsStats, readPost, readSaved } from './posts-read';
import { readUserPosts } from './profile-posts-read';
import { reactionCommands, setCommentLike, setPostSave } from './reaction-commands';
import { idOrNone } from './streams';
import { readTrending } from './trending-read';
import { readVideoPosts } from './videos-read';
import { postViews, readViewedPost, VIEW_WINDOW_MS } from './views';

/**
 * Any id is accepted: one that is not a UUID names nothing and answers 404 like a post the
 * caller may not see, so the two cannot be told apart.
 */
const idParams = z.object({ id: text({ max: 100 }) });

/** A read back that found nothing (the post went, or the caller lost sight of it) is a 404. */
function found<T>(value: T | null | undefined, message: string = postsMessages.postNotFound): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}

export function postsRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands } = deps;
  const { setPostLike, sharePost } = reactionCommands({ publicUrl: deps.config.publicUrl });
  const likeRoutes = toggleRoutes({
    path: '/posts/:id/like',
    summaries: { on: 'Likes a post', off: 'Takes back a like' },
    description: 'Idempotent; answers the absolute count with its version.',
    params: idParams,
    response: postLikeStateSchema,
    errors: [404],
    set: async (postId, like, req) =>
      found(
        await commands.run(setPostLike, { userId: memberIdOf(req), postId, like }, contextOf(req)),
      ),
  });
  const saveRoutes = toggleRoutes({
    path: '/posts/:id/save',
    summaries: { on: 'Saves a post', off: 'Removes a post from the saved posts' },
    params: idParams,
    response: saveStateSchema,
    errors: [404],
    set: (postId, save, req) =>
      commands.run(setPostSave, { userId: memberIdOf(req), postId, save }, contextOf(req)),
  });
  const commentLikeRoutes = toggleRoutes({
    path: '/comments/:id/like',
    summaries: { on: 'Likes a comment', off: 'Takes back a like of a comment' },
    params: idParams,
    response: commentLikeStateSchema,
    errors: [404],
    set: async (commentId, like, req) =>
      found(
        await commands.run(
          setCommentLike,
          { userId: memberIdOf(req), commentId, like },
          contextOf(req),
        ),
        postsMessages.commentNotFound,
      ),
  });

  return [
    defineRoute({
      method: 'get',
      path: '/feed',
      summary:
        "The member's home feed: their posts, their friends' and those of the members they " +
        'follow, newest first',
      description:
        'Keyset pages in the order posts were published (commit order): posts published ' +
        'meanwhile sort above the first page, so following `nextCursor` yields no duplicate and ' +
        'skips nothing, and what is new is found above the top the reader holds. Public posts ' +
        'with a hashtag the member follows join it; `followedTags` names, for those of authors ' +
        'the member does not read, the tag that brought each.',
      auth: 'member',
      query: feedQuerySchema,
      responses: { 200: homeFeedPageSchema },
      async handler({ query }, req, res) {
        res.json(await readFeed(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/test/feed/authors',
      summary:
        'The home feed read from every author’s index instead of the timeline (tests and ' +
        'benchmarks only: the two must agree, and the benchmark compares their cost)',
      auth: 'member',
      testOnly: true,
      query: feedQuerySchema,
      responses: { 200: homeFeedPageSchema },
      async handler({ query }, req, res) {
        res.json(await readFeed(db, memberIdOf(req), query, 'authors'));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/posts',
      summary: 'Creates a post: a draft, kept private, or published',
      auth: 'member',
      body: createPostSchema,
      responses: { 201: postSchema },
      async handler({ body }, req, res) {
        const post = await commands.run(
          createPost,
          {
            authorId: memberIdOf(req),
            postId: randomUUID(),
            post: body,
            publicUrl: deps.config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(found(post));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/posts/mine',
      summary: "The member's own posts for My Posts, by tab, search and filters",
      auth: 'member',
      query: myPostsQuerySchema,
      responses: { 200: postListSchema },
      async handler({ query }, req, res) {
        res.json(await readMyPosts(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/posts/mine/stats',
      summary: "Statistics of the member's own posts",
      auth: 'member',
      responses: { 200: myPostsStatsSchema },
      async handler(_input, req, res) {
        res.json(await readMyPostsStats(db, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/posts/:id',
      summary: 'A post the member may see',
      auth: 'member',
      params: idParams,
      responses: { 200: postSchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json(presentPost(found(await readPost(db, idOrNone(params.id), memberIdOf(req)))));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/posts/:id',
      summary: "Edits or publishes the member's own post",
      auth: 'member',
      params: idParams,
      body: patchPostSchema,
      responses: { 200: postSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const post = await commands.run(
          editPost,
          {
            actorId: memberIdOf(req),
            postId: params.id,
            patch: body,
            publicUrl: deps.config.publicUrl,
          },
          contextOf(req),
        );
        res.json(found(post));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/posts/:id',
      summary: "Deletes the member's own post, with its likes, comments and saves",
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        await commands.run(
          deletePost,
          { actorId: memberIdOf(req), postId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    ...likeRoutes,
    ...saveRoutes,
    defineRoute({
      method: 'post',
      path: '/posts/:id/share',
      summary: 'Counts a share of a post',
      auth: 'member',
      params: idParams,
      body: sharePostSchema,
      responses: { 200: shareStateSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const state = await commands.run(
          sharePost,
          { userId: memberIdOf(req), postId: params.id, channel: body.channel },
          contextOf(req),
        );
        res.json(found(state));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/posts/:id/comments',
      summary: "A post's comments and replies, flat and oldest first",
      auth: 'member',
      params: idParams,
      responses: { 200: commentsSchema },
      errors: [404],
      async handler({ params }, req, res) {
        const viewerId = memberIdOf(req);
        const post = found(await readPost(db, idOrNone(params.id), viewerId));
        res.json({ comments: await readComments(db, post.id, viewerId) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/posts/:id/comments',
      summary: 'Comments on a post, or replies to one of its comments (to depth 3)',
      auth: 'member',
      params: idParams,
      body: addCommentSchema,
      responses: { 201: commentSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const comment = await commands.run(
          addComment,
          {
            authorId: memberIdOf(req),
            postId: params.id,
            commentId: randomUUID(),
            parentId: body.parentId ?? null,
            content: body.content,
            publicUrl: deps.config.publicUrl,
          },
          contextOf(req),
        );
        res.status(201).json(found(comment, postsMessages.commentNotFound));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/comments/:id',
      summary: "Edits the member's own comment",
      auth: 'member',
      params: idParams,
      body: editCommentSchema,
      responses: { 200: commentSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        const comment = await commands.run(
          editComment,
          {
            actorId: memberIdOf(req),
            commentId: params.id,
            content: body.content,
            publicUrl: deps.config.publicUrl,
          },
          contextOf(req),
        );
        res.json(found(comment, postsMessages.commentNotFound));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/comments/:id',
      summary: "Deletes the member's own comment and the replies under it",
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        await commands.run(
          deleteComment,
          { actorId: memberIdOf(req), commentId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
    ...commentLikeRoutes,
    defineRoute({
      method: 'get',
      path: '/saved',
      summary: "The member's saved posts they may still see, last saved first",
      auth: 'member',
      query: savedQuerySchema,
      responses: { 200: savedPageSchema },
      async handler({ query }, req, res) {
        res.json(await readSaved(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/users/:id/posts',
      summary: "A member's published posts and reposts the caller may see, searched and sorted",
      description:
        'Each post once; a repost sorts by when it was made and is named in `repostedBy`, and ' +
        'a repost of a post the caller may not see is not listed. A blank search lists as if ' +
        'there were none. Pages by `offset`, or by keyset with the `nextCursor` of the page ' +
        'before (same sort and search), which repeats no post while the member posts.',
      auth: 'member',
      params: idParams,
      query: userPostsQuerySchema,
      responses: { 200: userPostsPageSchema },
      async handler({ params, query }, req, res) {
        res.json(await readUserPosts(db, idOrNone(params.id), memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/videos',
      summary: 'Published posts with a video the member may see, newest first',
      description: 'Keyset pages on (publishedAt, id), 50 at most (the video page).',
      auth: 'member',
      query: videosQuerySchema,
      responses: { 200: feedPageSchema },
      async handler({ query }, req, res) {
        res.json(await readVideoPosts(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/trending',
      summary: 'Posts the member may see, ranked by likes, comments and shares with time decay',
      description:
        'Published within the window (24h or 7d), score = (likes + 2 × comments + 3 × shares) / ' +
        '(age in hours + 2)^1.5, highest first.',
      auth: 'member',
      query: trendingQuerySchema,
      responses: { 200: trendingSchema },
      async handler({ query }, req, res) {
        res.json(await readTrending(db, memberIdOf(req), query));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/posts/:id/view',
      summary: 'Counts a view of a post the member may see',
      description:
        `Once per member and post in ${VIEW_WINDOW_MS / 60_000} minutes, never the author's; ` +
        'written in batches, so `views` rises within seconds, not at once.',
      auth: 'member',
      params: idParams,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        const viewerId = memberIdOf(req);
        const postId = idOrNone(params.id);
        const post = found(await readViewedPost(db, postId, viewerId));
        if (post.author_id !== viewerId) postViews(deps).record(postId, viewerId);
        res.status(204).end();
      },
    }),
  ];
}
