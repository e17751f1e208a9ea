import { sql } from 'kysely';
import type {
  CommunityPost,
  CommunityPostPage,
  Discussion,
  DiscussionPage,
  DiscussionReply,
  DiscussionThread,
  PageQuery,
} from '../../../shared/community-content';
import { communityContentMessages as messages } from '../../../shared/community-content';
import { forbidden } from '../../core/errors';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { member } from '../relations/relations-policy';
import { communityContentVisible } from '../communities/community-policy';
import { mentionedSql } from '../mentions/mentioned-sql';
import { listAccessSql } from './community-access';
import {
  presentCommunityPost,
  presentDiscussion,
  presentReply,
  type CommunityPostRow,
  type DiscussionRow,
  type ReplyRow,
} from './content-presenter';
import { decodeContentCursor, encodeContentCursor } from './cursor';

/*
 * Every read here has two forms: on the pool (`db`) for REST, or compiled only (`qb`) for a
 * command's reply and the pusher. Whether the viewer may read the community's content is the
 * contract's `communityContentVisible`, on the row's own community column.
 */

const contentVisibleTo = (viewerId: string, column: string) =>
  communityContentVisible(sql.ref(column), member(viewerId));

/** Every column a presented discussion needs, with no visibility filter. */
export function discussionRows(source: Db) {
  return source
    .selectFrom('discussions as d')
    .innerJoin('users as u', 'u.id', 'd.author_id')
    .leftJoin('users as r', 'r.id', 'd.last_reply_author_id')
    .selectAll('d')
    .select([
      'u.username as author_username',
      'u.display_name as author_name',
      'u.avatar as author_avatar',
      'r.username as last_reply_username',
      'r.display_name as last_reply_name',
      'r.avatar as last_reply_avatar',
    ]);
}

export function replyRows(source: Db) {
  return source
    .selectFrom('discussion_replies as dr')
    .innerJoin('users as u', 'u.id', 'dr.author_id')
    .selectAll('dr')
    .select([
      'u.username as author_username',
      'u.display_name as author_name',
      'u.avatar as author_avatar',
      mentionedSql('dr').as('mentioned'),
    ]);
}

export function communityPostRows(source: Db, viewerId: string) {
  return source
    .selectFrom('community_posts as cp')
    .innerJoin('users as u', 'u.id', 'cp.author_id')
    .selectAll('cp')
    .select([
      'u.username as author_username',
      'u.display_name as author_name',
      'u.avatar as author_avatar',
      mentionedSql('cp').as('mentioned'),
      sql<boolean>`exists (select 1 from community_post_likes l
        where l.post_id = cp.id and l.user_id = ${viewerId}::uuid)`.as('liked_by_me'),
    ]);
}

/**
 * A community's discussions the viewer may read: sticky ones first, then by last activity, a
 * keyset page at a time. `null` when the community is missing or its content closed to them.
 */
export async function readDiscussions(
  db: Db,
  communityId: string,
  viewerId: string,
  { limit, cursor }: PageQuery,
): Promise<DiscussionPage | null> {
  if (!(await contentReadable(db, communityId, viewerId))) return null;
  let query = discussionRows(db)
    .where('d.community_id', '=', communityId)
    .orderBy('d.is_sticky', 'desc')
    .orderBy('d.last_activity_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit + 1);
  if (cursor !== undefined) {
    const at = decodeContentCursor(cursor);
    query = query.where(
      sql<boolean>`(d.is_sticky, d.last_activity_at, d.id) <
        (${at.flag}::boolean, ${at.at}::timestamptz, ${at.id}::uuid)`,
    );
  }
  const rows = (await query.execute()) as DiscussionRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    discussions: page.map(presentDiscussion),
    nextCursor:
      rows.length > limit && last
        ? encodeContentCursor(last.is_sticky, last.last_activity_at, last.id)
        : null,
  };
}

/** A discussion the viewer may read, with a page of its replies, oldest first. */
export async function readThread(
  db: Db,
  discussionId: string,
  viewerId: string,
  { limit, cursor }: PageQuery,
): Promise<DiscussionThread | null> {
  const row = (await discussionRows(db)
    .where('d.id', '=', discussionId)
    .where(contentVisibleTo(viewerId, 'd.community_id'))
    .executeTakeFirst()) as DiscussionRow | undefined;
  if (!row) return null;
  let query = replyRows(db)
    .where('dr.discussion_id', '=', discussionId)
    .orderBy('dr.created_at', 'asc')
    .orderBy('dr.id', 'asc')
    .limit(limit + 1);
  if (cursor !== undefined) {
    const at = decodeContentCursor(cursor);
    query = query.where(
      sql<boolean>`(dr.created_at, dr.id) > (${at.at}::timestamptz, ${at.id}::uuid)`,
    );
  }
  const replies = (await query.execute()) as ReplyRow[];
  const page = replies.slice(0, limit);
  const last = page.at(-1);
  return {
    discussion: presentDiscussion(row),
    replies: page.map(presentReply),
    nextCursor:
      replies.length > limit && last ? encodeContentCursor(false, last.created_at, last.id) : null,
  };
}

/** A community's posts the viewer may read: pinned first, then newest. */
export async function readCommunityPosts(
  db: Db,
  communityId: string,
  viewerId: string,
  { limit, cursor }: PageQuery,
): Promise<CommunityPostPage | null> {
  if (!(await contentReadable(db, communityId, viewerId))) return null;
  let query = communityPostRows(db, viewerId)
    .where('cp.community_id', '=', communityId)
    .orderBy('cp.is_pinned', 'desc')
    .orderBy('cp.created_at', 'desc')
    .orderBy('cp.id', 'desc')
    .limit(limit + 1);
  if (cursor !== undefined) {
    const at = decodeContentCursor(cursor);
    query = query.where(
      sql<boolean>`(cp.is_pinned, cp.created_at, cp.id) <
        (${at.flag}::boolean, ${at.at}::timestamptz, ${at.id}::uuid)`,
    );
  }
  const rows = (await query.execute()) as CommunityPostRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(presentCommunityPost),
    nextCursor:
      rows.length > limit && last
        ? encodeContentCursor(last.is_pinned, last.created_at, last.id)
        : null,
  };
}

/** Lists of a community the member sees but may not read are refused as members-only. */
async function contentReadable(db: Db, communityId: string, viewerId: string): Promise<boolean> {
  const { rows } = await sql<{
    value: 'missing' | 'members-only' | 'readable';
  }>`select ${listAccessSql(communityId, viewerId)} as value`.execute(db);
  const access = rows[0]?.value;
  if (access === 'members-only') throw forbidden('not-a-member', messages.membersOnly);
  return access === 'readable';
}

/** The discussion as it is after a command's write, read back in the same round trip. */
export function discussionReply(discussionId: string): Read<Discussion | null> {
  return mapRead(first(discussionRows(qb).where('d.id', '=', discussionId)), (row) =>
    row ? presentDiscussion(row as DiscussionRow) : null,
  );
}

export function replyReply(replyId: string): Read<DiscussionReply | null> {
  return mapRead(first(replyRows(qb).where('dr.id', '=', replyId)), (row) =>
    row ? presentReply(row as ReplyRow) : null,
  );
}

export function communityPostReply(postId: string, viewerId: string): Read<CommunityPost | null> {
  return mapRead(first(communityPostRows(qb, viewerId).where('cp.id', '=', postId)), (row) =>
    row ? presentCommunityPost(row as CommunityPostRow) : null,
  );
}
