import { randomUUID } from 'node:crypto';
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
import { commandRoute, found, idParams, readRoute } from './route-builders';
import { idOrNone } from './streams';
import { readTrending } from './trending-read';
import { readVideoPosts } from './videos-read';
import { postViews, readViewedPost, VIEW_WINDOW_MS } from './views';

const { postNotFound, commentNotFound } = postsMessages;

/** A comment read back after a change: missing when it or its post went meanwhile. */
const commentAnswer = (status: 200 | 201) =>
  ({ status, schema: commentSchema, notFound: commentNotFound }) as const;

export function postsRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, readDb, commands } = deps;
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
        postNotFound,
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
        commentNotFound,
      ),
  });

  return [
    readRoute({
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
      query: feedQuerySchema,
      answer: { schema: homeFeedPageSchema },
      read: ({ memberId, query }) => readFeed(readDb, memberId, query),
    }),
    readRoute({
      path: '/test/feed/authors',
      summary:
        'The home feed read from every author’s index instead of the timeline (tests and ' +
        'benchmarks only: the two must agree, and the benchmark compares their cost)',
      testOnly: true,
      query: feedQuerySchema,
      answer: { schema: homeFeedPageSchema },
      read: ({ memberId, query }) => readFeed(readDb, memberId, query, 'authors'),
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/posts',
      summary: 'Creates a post: a draft, kept private, or published',
      body: createPostSchema,
      answer: { status: 201, schema: postSchema, notFound: postNotFound },
      command: createPost,
      input: ({ memberId, body }) => ({
        authorId: memberId,
        postId: randomUUID(),
        post: body,
        publicUrl: deps.config.publicUrl,
      }),
    }),
    readRoute({
      path: '/posts/mine',
      summary: "The member's own posts for My Posts, by tab, search and filters",
      query: myPostsQuerySchema,
      answer: { schema: postListSchema },
      read: ({ memberId, query }) => readMyPosts(readDb, memberId, query),
    }),
    readRoute({
      path: '/posts/mine/stats',
      summary: "Statistics of the member's own posts",
      answer: { schema: myPostsStatsSchema },
      read: ({ memberId }) => readMyPostsStats(readDb, memberId),
    }),
    readRoute({
      path: '/posts/:id',
      summary: 'A post the member may see',
      params: idParams,
      errors: [404],
      answer: { schema: postSchema, notFound: postNotFound },
      read: async ({ memberId, params }) => {
        const row = await readPost(readDb, idOrNone(params.id), memberId);
        return row && presentPost(row);
      },
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/posts/:id',
      summary: "Edits or publishes the member's own post",
      params: idParams,
      body: patchPostSchema,
      errors: [403, 404],
      answer: { status: 200, schema: postSchema, notFound: postNotFound },
      command: editPost,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        postId: params.id,
        patch: body,
        publicUrl: deps.config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path: '/posts/:id',
      summary: "Deletes the member's own post, with its likes, comments and saves",
      params: idParams,
      errors: [403, 404],
      command: deletePost,
      input: ({ memberId, params }) => ({ actorId: memberId, postId: params.id }),
    }),
    ...likeRoutes,
    ...saveRoutes,
    commandRoute(commands, {
      method: 'post',
      path: '/posts/:id/share',
      summary: 'Counts a share of a post',
      params: idParams,
      body: sharePostSchema,
      errors: [403, 404],
      answer: { status: 200, schema: shareStateSchema, notFound: postNotFound },
      command: sharePost,
      input: ({ memberId, params, body }) => ({
        userId: memberId,
        postId: params.id,
        channel: body.channel,
      }),
    }),
    readRoute({
      path: '/posts/:id/comments',
      summary: "A post's comments and replies, flat and oldest first",
      params: idParams,
      errors: [404],
      answer: { schema: commentsSchema },
      read: async ({ memberId, params }) => {
        const post = found(await readPost(readDb, idOrNone(params.id), memberId), postNotFound);
        return { comments: await readComments(readDb, post.id, memberId) };
      },
    }),
    commandRoute(commands, {
      method: 'post',
      path: '/posts/:id/comments',
      summary: 'Comments on a post, or replies to one of its comments (to depth 3)',
      params: idParams,
      body: addCommentSchema,
      errors: [403, 404],
      answer: commentAnswer(201),
      command: addComment,
      input: ({ memberId, params, body }) => ({
        authorId: memberId,
        postId: params.id,
        commentId: randomUUID(),
        parentId: body.parentId ?? null,
        content: body.content,
        publicUrl: deps.config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'patch',
      path: '/comments/:id',
      summary: "Edits the member's own comment",
      params: idParams,
      body: editCommentSchema,
      errors: [403, 404],
      answer: commentAnswer(200),
      command: editComment,
      input: ({ memberId, params, body }) => ({
        actorId: memberId,
        commentId: params.id,
        content: body.content,
        publicUrl: deps.config.publicUrl,
      }),
    }),
    commandRoute(commands, {
      method: 'delete',
      path: '/comments/:id',
      summary: "Deletes the member's own comment and the replies under it",
      params: idParams,
      errors: [403, 404],
      command: deleteComment,
      input: ({ memberId, params }) => ({ actorId: memberId, commentId: params.id }),
    }),
    ...commentLikeRoutes,
    readRoute({
      path: '/saved',
      summary: "The member's saved posts they may still see, last saved first",
      query: savedQuerySchema,
      answer: { schema: savedPageSchema },
      read: ({ memberId, query }) => readSaved(readDb, memberId, query),
    }),
    readRoute({
      path: '/users/:id/posts',
      summary: "A member's published posts and reposts the caller may see, searched and sorted",
      description:
        'Each post once; a repost sorts by when it was made and is named in `repostedBy`, and ' +
        'a repost of a post the caller may not see is not listed. A blank search lists as if ' +
        'there were none. Pages by `offset`, or by keyset with the `nextCursor` of the page ' +
        'before (same sort and search), which repeats no post while the member posts.',
      params: idParams,
      query: userPostsQuerySchema,
      answer: { schema: userPostsPageSchema },
      read: ({ memberId, params, query }) =>
        readUserPosts(readDb, idOrNone(params.id), memberId, query),
    }),
    readRoute({
      path: '/videos',
      summary: 'Published posts with a video the member may see, newest first',
      description: 'Keyset pages on (publishedAt, id), 50 at most (the video page).',
      query: videosQuerySchema,
      answer: { schema: feedPageSchema },
      read: ({ memberId, query }) => readVideoPosts(readDb, memberId, query),
    }),
    readRoute({
      path: '/trending',
      summary: 'Posts the member may see, ranked by likes, comments and shares with time decay',
      description:
        'Published within the window (24h or 7d), score = (likes + 2 × comments + 3 × shares) / ' +
        '(age in hours + 2)^1.5, highest first.',
      query: trendingQuerySchema,
      answer: { schema: trendingSchema },
      read: ({ memberId, query }) => readTrending(readDb, memberId, query),
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
        const post = found(await readViewedPost(db, postId, viewerId), postNotFound);
        if (post.author_id !== viewerId) postViews(deps).record(postId, viewerId);
        res.status(204).end();
      },
    }),
  ];
}
