import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import {
  POSTS_SOCKET_EVENTS,
  type PostCountsPayload,
  type SharedComment,
} from '../../../shared/posts';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { Coalescer } from '../../realtime/coalescer';
import { emitInSlices } from '../../realtime/emit-in-slices';
import type { Pusher } from '../../realtime/pusher';
import { commentRows } from './comments-read';
import {
  hiddenCommentPairs,
  isWatched,
  pairKey,
  postRoom,
  unwatch,
  watchersOf,
  type Watcher,
} from './post-watchers';
import { presentComment, presentSharedPost, type CommentRow } from './post-presenter';
import type { PostVisibilityCache } from './post-visibility-cache';
import { NO_VIEWER, sharedPostRows } from './posts-read';

/** Posts whose last pushed counts version this process remembers, to skip pushing it again. */
const COUNTS_REMEMBERED = 10_000;

function sharedComment(row: CommentRow): SharedComment {
  const { likedByMe: _liked, ...comment } = presentComment(row);
  return comment;
}

/** What a batch of events changed about watched posts. */
interface Changes {
  counts: Set<string>;
  updated: Set<string>;
  deleted: Set<string>;
  /** Comment id → its post, for new and edited comments; `added` tells which push. */
  comments: Map<string, { postId: string; added: boolean }>;
  commentCounts: Map<string, string>;
  commentsDeleted: { postId: string; commentId: string }[];
  /** Comments a moderator acted on: watchers who may no longer read one are told it is gone. */
  commentsModerated: { postId: string; commentId: string }[];
  /** Posts trashed or back from the trash: the original each quotes counts one less or more. */
  trashMoves: Set<string>;
}

function changesOf(events: readonly StoredEvent[]): Changes {
  const changes: Changes = {
    counts: new Set(),
    updated: new Set(),
    deleted: new Set(),
    comments: new Map(),
    commentCounts: new Map(),
    commentsDeleted: [],
    commentsModerated: [],
    trashMoves: new Set(),
  };
  for (const event of events) {
    switch (event.type) {
      case 'PostLiked':
      case 'PostUnliked':
      case 'PostShared':
      case 'PostReposted':
      case 'RepostUndone':
      case 'PostQuoted':
        changes.counts.add(event.data.postId);
        break;
      case 'QuoteDeleted':
        changes.counts.add(event.data.postId);
        break;
      case 'PostTrashed':
      case 'PostUntrashed':
        changes.trashMoves.add(event.data.postId);
        changes.updated.add(event.data.postId);
        break;
      case 'PostPublished':
      case 'PostEdited':
      case 'PostPermissionsSet':
      case 'ContentMigrated':
        changes.updated.add(event.data.postId);
        break;
      case 'ContentModerated': {
        const { targetType, targetId, postId, action } = event.data;
        if (targetType === 'post') {
          changes.updated.add(postId);
          break;
        }
        // Approved, the comment returns to every thread; otherwise only its author keeps it.
        changes.comments.set(targetId, { postId, added: action === 'approve' });
        changes.commentsModerated.push({ postId, commentId: targetId });
        break;
      }
      case 'PostDeleted':
        changes.deleted.add(event.data.postId);
        break;
      case 'CommentAdded':
        changes.counts.add(event.data.postId);
        changes.comments.set(event.data.commentId, { postId: event.data.postId, added: true });
        break;
      case 'CommentEdited':
        if (!changes.comments.has(event.data.commentId)) {
          changes.comments.set(event.data.commentId, { postId: event.data.postId, added: false });
        }
        break;
      case 'CommentDeleted':
        changes.counts.add(event.data.postId);
        changes.comments.delete(event.data.commentId);
        changes.commentsDeleted.push(event.data);
        break;
      case 'CommentLiked':
      case 'CommentUnliked':
        changes.commentCounts.set(event.data.commentId, event.data.postId);
        break;
      case 'LinkPreviewAttached':
      case 'LinkPreviewRemoved': {
        const { targetKind, targetId, containerId } = event.data;
        if (targetKind === 'post') changes.updated.add(targetId);
        else if (targetKind === 'comment' && !changes.comments.has(targetId)) {
          changes.comments.set(targetId, { postId: containerId, added: false });
        }
        break;
      }
      default:
        break;
    }
  }
  return changes;
}

/** A post's last pushed counts version, for the most recent posts only. */
function createCountsMemory() {
  const pushed = new Map<string, number>();
  return {
    isNew(postId: string, version: number): boolean {
      const last = pushed.get(postId);
      if (last !== undefined && last >= version) return false;
      pushed.delete(postId);
      pushed.set(postId, version);
      if (pushed.size > COUNTS_REMEMBERED) pushed.delete(pushed.keys().next().value!);
      return true;
    },
    forget(postId: string): void {
      pushed.delete(postId);
    },
  };
}

/** The originals that these posts quote, for the posts that are quotes. */
async function quotedBy(db: Db, postIds: ReadonlySet<string>): Promise<string[]> {
  const rows = await db
    .selectFrom('post_quotes')
    .select('quoted_id')
    .where('quote_id', 'in', [...postIds])
    .execute();
  return rows.map((row) => row.quoted_id);
}

const emitTo = (io: Server, socketIds: string[], event: string, payload: unknown) => {
  if (socketIds.length > 0) io.local.to(socketIds).emit(event, payload);
};

/** Reads what the changes need, for the posts watched here only, in one round of queries. */
async function readFor(
  db: Db,
  visibility: PostVisibilityCache,
  changes: Changes,
  posts: string[],
  watchers: Watcher[][],
) {
  const pairs = posts.flatMap((id, i) => watchers[i]!.map(({ userId }) => ({ id, userId })));
  const watchedComments = [...changes.comments].filter(([, c]) => posts.includes(c.postId));
  const watchedCommentCounts = [...changes.commentCounts].filter(([, postId]) =>
    posts.includes(postId),
  );
  const commentPairs = [
    ...watchedComments.map(([id, c]) => [id, c.postId] as const),
    ...watchedCommentCounts,
  ].flatMap(([id, postId]) =>
    watchers[posts.indexOf(postId)]!.map(({ userId }) => ({ id, userId })),
  );
  const updated = posts.filter((id) => changes.updated.has(id));
  const [visible, hidden, postRowsRead, commentRowsRead, commentCountRows] = await Promise.all([
    visibility.visiblePairs(db, pairs),
    hiddenCommentPairs(db, commentPairs),
    updated.length === 0 ? [] : sharedPostRows(db, updated),
    watchedComments.length === 0
      ? []
      : (commentRows(db, NO_VIEWER)
          .where(
            'c.id',
            'in',
            watchedComments.map(([id]) => id),
          )
          .execute() as Promise<CommentRow[]>),
    watchedCommentCounts.length === 0
      ? []
      : db
          .selectFrom('comments')
          .select(['id', 'post_id', 'likes_count', 'version'])
          .where(
            'id',
            'in',
            watchedCommentCounts.map(([id]) => id),
          )
          .execute(),
  ]);
  return { visible, hidden, postRowsRead, commentRowsRead, commentCountRows };
}

/**
 * Of each post's watchers, those who may see it now (`visible` holds their pair keys); the
 * others stop watching it and are told it is gone, as a post one may not see reads as missing.
 */
function allowedWatchers(
  io: Server,
  posts: readonly string[],
  watchers: readonly Watcher[][],
  visible: ReadonlySet<string>,
): Map<string, Watcher[]> {
  const allowed = new Map<string, Watcher[]>();
  posts.forEach((postId, i) => {
    const may: Watcher[] = [];
    for (const watcher of watchers[i]!) {
      if (visible.has(pairKey(postId, watcher.userId))) {
        may.push(watcher);
        continue;
      }
      unwatch(io, watcher.socketId, postId);
      io.local.to(watcher.socketId).emit(POSTS_SOCKET_EVENTS.deleted, { postId });
    }
    allowed.set(postId, may);
  });
  return allowed;
}

/**
 * Pushes the counts of the posts as they stand now, to the watchers here who may see each one;
 * a version this process pushed already is not pushed again.
 */
async function pushCounts(
  io: Server,
  db: Db,
  visibility: PostVisibilityCache,
  postIds: readonly string[],
  memory: ReturnType<typeof createCountsMemory>,
): Promise<void> {
  const posts = postIds.filter((id) => isWatched(io, id));
  if (posts.length === 0) return;
  const watchers = posts.map((id) => watchersOf(io, id));
  const pairs = posts.flatMap((id, i) => watchers[i]!.map(({ userId }) => ({ id, userId })));
  const [visible, rows] = await Promise.all([
    visibility.visiblePairs(db, pairs),
    db
      .selectFrom('posts')
      .select([
        'id',
        'likes_count',
        'comments_count',
        'shares_count',
        'reposts_count',
        'quotes_count',
        'version',
      ])
      .where('id', 'in', posts)
      .execute(),
  ]);
  const allowed = allowedWatchers(io, posts, watchers, visible);
  const emits: Promise<void>[] = [];
  for (const row of rows) {
    if (!memory.isNew(row.id, row.version)) continue;
    const payload: PostCountsPayload = {
      postId: row.id,
      likes: row.likes_count,
      comments: row.comments_count,
      shares: row.shares_count,
      reposts: row.reposts_count,
      quotes: row.quotes_count,
      version: row.version,
    };
    emits.push(
      emitInSlices(
        io,
        (allowed.get(row.id) ?? []).map((w) => w.socketId),
        POSTS_SOCKET_EVENTS.counts,
        payload,
      ),
    );
  }
  // The window counts from the end of the run: the last watcher's write included.
  await Promise.all(emits);
}

export interface PostsPusherOptions {
  /** A post's counts are pushed at most once per window (POST_COUNTS_PUSH_WINDOW_MS). */
  countsWindowMs: number;
  logger: Logger;
  /** Who may see each watched post, kept between pushes until an event may change it. */
  visibility: PostVisibilityCache;
}

/**
 * Pushes what changed about the posts watched on this process's sockets (`posts:watch`), read
 * after commit, each to the watchers who may see the post now: counts as absolute versioned
 * values (the same for every watcher, so nothing of one member's own likes), new content, new,
 * edited and deleted comments (left out where the member's thread hides them for a block), a
 * comment's likes, and the post's deletion. A watcher who may no longer see the post (trashed,
 * or hidden or removed by a moderator) stops watching it and is told it is gone, as a post one
 * may not see reads as missing; a comment a moderator took away reads as deleted to them.
 *
 * A post's counts are coalesced per window: a post liked 500 times a second is read and pushed
 * to its watchers at most once a window, with the newest count, and its last count always goes
 * out. The first change after a quiet window is pushed at once.
 */
export function createPostsPusher({
  countsWindowMs,
  logger,
  visibility,
}: PostsPusherOptions): Pusher {
  const counts = createCountsMemory();
  // The relay's process: one server and one pool for the life of the pusher.
  let target: { io: Server; db: Db } | null = null;
  const coalescer = new Coalescer({
    windowMs: countsWindowMs,
    run: async (postIds) => {
      if (target) await pushCounts(target.io, target.db, visibility, postIds, counts);
    },
    onError: (error) => logger.error({ err: error, pusher: 'posts' }, 'push failed'),
  });
  return {
    name: 'posts',
    async push(events, io, db) {
      target = { io, db };
      const changes = changesOf(events);
      for (const postId of changes.deleted) {
        counts.forget(postId);
        if (!isWatched(io, postId)) continue;
        io.local.to(postRoom(postId)).emit(POSTS_SOCKET_EVENTS.deleted, { postId });
        io.local.in(postRoom(postId)).socketsLeave(postRoom(postId));
      }
      const quoted = changes.trashMoves.size === 0 ? [] : await quotedBy(db, changes.trashMoves);
      coalescer.request(
        [...changes.counts, ...quoted].filter(
          (id) => !changes.deleted.has(id) && isWatched(io, id),
        ),
      );
      const touched = new Set([
        ...changes.updated,
        ...[...changes.comments.values()].map((c) => c.postId),
        ...changes.commentCounts.values(),
        ...changes.commentsDeleted.map((c) => c.postId),
      ]);
      const posts = [...touched].filter((id) => !changes.deleted.has(id) && isWatched(io, id));
      if (posts.length === 0) return;
      const watchers = posts.map((id) => watchersOf(io, id));
      const read = await readFor(db, visibility, changes, posts, watchers);
      const allowed = allowedWatchers(io, posts, watchers, read.visible);
      const socketsOf = (postId: string) => (allowed.get(postId) ?? []).map((w) => w.socketId);
      const commentSockets = (postId: string, commentId: string) =>
        (allowed.get(postId) ?? [])
          .filter((w) => !read.hidden.has(pairKey(commentId, w.userId)))
          .map((w) => w.socketId);

      for (const row of read.postRowsRead) {
        emitTo(io, socketsOf(row.id), POSTS_SOCKET_EVENTS.updated, {
          post: presentSharedPost(row),
        });
      }
      for (const row of read.commentRowsRead) {
        const added = changes.comments.get(row.id)?.added ?? false;
        emitTo(
          io,
          commentSockets(row.post_id, row.id),
          added ? POSTS_SOCKET_EVENTS.commentNew : POSTS_SOCKET_EVENTS.commentUpdated,
          { comment: sharedComment(row) },
        );
      }
      for (const { postId, commentId } of changes.commentsModerated) {
        const gone = (allowed.get(postId) ?? [])
          .filter((w) => read.hidden.has(pairKey(commentId, w.userId)))
          .map((w) => w.socketId);
        emitTo(io, gone, POSTS_SOCKET_EVENTS.commentDeleted, { postId, commentId });
      }
      for (const deleted of changes.commentsDeleted) {
        emitTo(io, socketsOf(deleted.postId), POSTS_SOCKET_EVENTS.commentDeleted, deleted);
      }
      for (const row of read.commentCountRows) {
        emitTo(io, commentSockets(row.post_id, row.id), POSTS_SOCKET_EVENTS.commentCounts, {
          postId: row.post_id,
          commentId: row.id,
          likes: row.likes_count,
          version: row.version,
        });
      }
    },
    stop: () => coalescer.stop(),
  };
}
