import { sql } from 'kysely';
import type { EventData } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { positionOf } from '../posts/feed-order';
import { writeSearchDocument } from '../posts/post-search-document';
import { columnsOf } from '../posts/posts-projection';

const bump = (postId: string, set: Record<string, unknown>) =>
  statement(
    qb
      .updateTable('posts')
      .set(set)
      .set({ version: sql`version + 1` })
      .where('id', '=', postId),
  );

const jsonb = (value: Record<string, unknown>) =>
  sql<Record<string, unknown>>`${JSON.stringify(value)}::jsonb`;

/** The author's last number rises to `number` (never falls): new posts count on from it. */
const raiseLastNumber = (authorId: string, number: number) =>
  statement(
    qb
      .insertInto('post_numbers')
      .values({ author_id: authorId, last_number: number })
      .onConflict((oc) =>
        oc.column('author_id').doUpdateSet({
          last_number: sql`greatest(post_numbers.last_number, excluded.last_number)`,
        }),
      ),
  );

function grantRows(postId: string, grants: EventData<'PostPermissionsSet'>['grants']) {
  return (['view', 'comment', 'share'] as const).flatMap((action) =>
    grants[action].map((userId) => ({ post_id: postId, user_id: userId, action })),
  );
}

/**
 * Each member's Total Likes from the posts as they are now (the likes-received projection's
 * recount, which a move of posts between members changes for both).
 */
const recountLikesReceived = (userIds: readonly string[]): Statement[] => [
  statement(sql`insert into likes_received (user_id)
    select unnest(${[...userIds].sort()}::uuid[]) on conflict (user_id) do nothing`),
  statement(sql`select user_id from likes_received
    where user_id = any(${[...userIds].sort()}::uuid[]) order by user_id for update`),
  statement(sql`update likes_received l set total = c.total, version = l.version + 1
    from (select u.id as user_id, coalesce((select sum(likes_count) from posts
            where author_id = u.id), 0)::int as total
          from unnest(${[...userIds]}::uuid[]) as u(id)) c
    where l.user_id = c.user_id and l.total <> c.total`),
];

/**
 * The content API's columns of the `posts` read model (type, metadata, comment and share
 * audiences) and the members named per action (`post_grants`, listed by the posts projection,
 * which truncates it on a rebuild). Runs after the posts projection: a post's row exists.
 */
export const contentProjection: Projection = {
  name: 'content',
  tables: [],
  handles: ['ContentMetadataSet', 'PostPermissionsSet', 'ContentMigrated', 'ContentImported'],
  project(event) {
    switch (event.type) {
      case 'ContentMetadataSet':
        return [bump(event.data.postId, { metadata: jsonb(event.data.metadata) })];
      case 'PostPermissionsSet': {
        const d = event.data;
        const rows = grantRows(d.postId, d.grants);
        return [
          bump(d.postId, {
            visibility: d.view,
            comment_audience: d.comment,
            share_audience: d.share,
          }),
          statement(qb.deleteFrom('post_grants').where('post_id', '=', d.postId)),
          // Only members who still exist: one erased since the command read is not named.
          ...(rows.length === 0
            ? []
            : [
                statement(sql`insert into post_grants (post_id, user_id, action)
                  select g.post_id, g.user_id, g.action
                  from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                    as g(post_id uuid, user_id uuid, action text)
                  where exists (select 1 from users u where u.id = g.user_id)
                  on conflict do nothing`),
              ]),
        ];
      }
      case 'ContentMigrated': {
        const d = event.data;
        return [
          bump(d.postId, { author_id: d.toUserId, number: d.number }),
          // Attached files stay in the source member's library: a post shows its author's own.
          statement(qb.deleteFrom('post_media').where('post_id', '=', d.postId)),
          // The new author is always allowed; naming them is now meaningless.
          statement(
            qb
              .deleteFrom('post_grants')
              .where('post_id', '=', d.postId)
              .where('user_id', '=', d.toUserId),
          ),
          raiseLastNumber(d.toUserId, d.number),
          ...recountLikesReceived([d.fromUserId, d.toUserId]),
        ];
      }
      case 'ContentImported': {
        const d = event.data;
        const published = d.status === 'published';
        return [
          statement(
            qb.insertInto('posts').values({
              id: d.postId,
              author_id: d.authorId,
              number: d.number,
              status: d.status,
              created_at: new Date(d.createdAt),
              published_at: d.publishedAt === null ? null : new Date(d.publishedAt),
              edited_at: d.editedAt === null ? null : new Date(d.editedAt),
              ...columnsOf(d),
              metadata: jsonb(d.metadata),
              comment_audience: d.commentAudience,
              share_audience: d.shareAudience,
              // An imported published post enters feeds where it is imported, in commit order.
              feed_seq: published ? positionOf(event) : null,
            }),
          ),
          writeSearchDocument(d.postId),
          raiseLastNumber(d.authorId, d.number),
        ];
      }
      default:
        return [];
    }
  },
};
