import { sql } from 'kysely';
import { POSTS_SOCKET_EVENTS, type SavedStatePayload } from '../../../shared/posts';
import { streamVersionSql } from '../../core/reads';
import type { Db } from '../../db/schema';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { presentPost, type PostRow } from './post-presenter';
import { visiblePostRows } from './posts-read';
import { postSaveStreamIdSql } from './streams';

interface SaveRow {
  post_id: string;
  user_id: string;
  saved_at: Date | null;
  version: number;
}

/**
 * Each (post, member) pair's save as it stands now, with its stream's version: one statement,
 * so the state and the version come from one snapshot.
 */
async function readSaves(db: Db, pairs: readonly { postId: string; userId: string }[]) {
  const { rows } = await sql<SaveRow>`
    select v.post_id, v.user_id, s.saved_at,
      ${streamVersionSql(postSaveStreamIdSql(sql.ref('v.post_id'), sql.ref('v.user_id')))}
        as version
    from unnest(${pairs.map((p) => p.postId)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[])
      as v(post_id, user_id)
    left join saved_posts s on s.post_id = v.post_id and s.user_id = v.user_id`.execute(db);
  return rows;
}

/** The saved posts among the rows, as each member sees them (none they may no longer see). */
async function readSavedPosts(db: Db, saves: readonly SaveRow[]) {
  const byMember = new Map<string, string[]>();
  for (const save of saves) {
    if (save.saved_at)
      byMember.set(save.user_id, [...(byMember.get(save.user_id) ?? []), save.post_id]);
  }
  const posts = new Map<string, PostRow>();
  await Promise.all(
    [...byMember].map(async ([userId, postIds]) => {
      const rows = (await visiblePostRows(db, userId)
        .where('p.id', 'in', postIds)
        .execute()) as PostRow[];
      for (const row of rows) posts.set(`${row.id}:${userId}`, row);
    }),
  );
  return posts;
}

/**
 * `post:saved` to every tab of a member who saved a post or took it off their saved posts (on
 * this process), read after commit: the absolute state with the version of their save stream,
 * and while it is saved, the post as they see it and when they saved it, so another tab's card
 * and open /saved follow at once.
 */
export function createSavesPusher(): Pusher {
  return {
    name: 'posts-saves',
    async push(events, io, db) {
      const pairs = new Map<string, { postId: string; userId: string }>();
      for (const event of events) {
        if (event.type !== 'PostSaved' && event.type !== 'PostUnsaved') continue;
        const { postId, userId } = event.data;
        if (isHere(io, userId)) pairs.set(`${postId}:${userId}`, { postId, userId });
      }
      if (pairs.size === 0) return;
      const saves = await readSaves(db, [...pairs.values()]);
      const posts = await readSavedPosts(db, saves);
      for (const save of saves) {
        const row = save.saved_at ? posts.get(`${save.post_id}:${save.user_id}`) : undefined;
        const payload: SavedStatePayload = {
          postId: save.post_id,
          savedByMe: save.saved_at !== null,
          version: Number(save.version),
          savedAt: save.saved_at?.toISOString() ?? null,
          post: row ? presentPost(row) : null,
        };
        io.local.to(userRoom(save.user_id)).emit(POSTS_SOCKET_EVENTS.saved, payload);
      }
    },
  };
}
