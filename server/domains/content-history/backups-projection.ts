import { sql } from 'kysely';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/**
 * Backups of posts with their comments. A purge (`PostDeleted`) takes a post's backups with it;
 * a deleted member's backups go, and their comments leave the snapshots of others' posts (a
 * reply left without its parent is not restored).
 */
export const contentBackupsProjection: Projection = {
  name: 'content-backups',
  tables: ['content_backups'],
  handles: ['ContentBackedUp', 'PostDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'ContentBackedUp': {
        const d = event.data;
        return [
          statement(
            qb.insertInto('content_backups').values({
              id: d.backupId,
              post_id: d.postId,
              author_id: d.authorId,
              actor_id: d.actorId,
              snapshot: JSON.stringify({ post: d.post, comments: d.comments }),
              created_at: event.occurredAt,
            }),
          ),
        ];
      }
      case 'PostDeleted':
        return [
          statement(qb.deleteFrom('content_backups').where('post_id', '=', event.data.postId)),
        ];
      case 'AccountDeleted': {
        const userId = event.data.userId;
        return [
          statement(qb.deleteFrom('content_backups').where('author_id', '=', userId)),
          statement(sql`update content_backups b set snapshot = jsonb_set(b.snapshot, '{comments}',
              coalesce((select jsonb_agg(c.value order by c.ordinality)
                from jsonb_array_elements(b.snapshot -> 'comments') with ordinality c
                where c.value ->> 'authorId' <> ${userId}::uuid::text), '[]'::jsonb))
            where b.snapshot -> 'comments'
              @> jsonb_build_array(jsonb_build_object('authorId', ${userId}::uuid::text))`),
        ];
      }
      default:
        return [];
    }
  },
};
