import { sql } from 'kysely';
import type { ContentFields } from '../../../shared/content/history';
import type { EventData } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

type ContentEvent = EventData<'PostDrafted'> | EventData<'PostEdited'>;

/** The fields a version keeps: what an edit carries, without the counts derived from them. */
export function versionFields(d: ContentEvent): ContentFields {
  return {
    title: d.title,
    content: d.content,
    excerpt: d.excerpt,
    featuredImage: d.featuredImage,
    location: d.location,
    visibility: d.visibility,
    categories: d.categories,
    tags: d.tags,
    seoTitle: d.seoTitle,
    seoDescription: d.seoDescription,
    allowComments: d.allowComments,
    allowSharing: d.allowSharing,
    mediaIds: d.mediaIds ?? [],
    contentType: d.contentType ?? 'post',
  };
}

/**
 * A post's versions: its draft is version 1 and every `PostEdited` the next, restores included.
 * The number is read inside the statement; a post's edits are one stream, so they never race.
 */
export const postVersionsProjection: Projection = {
  name: 'post-versions',
  tables: ['post_versions'],
  handles: ['PostDrafted', 'PostEdited', 'PostDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'PostDrafted':
      case 'PostEdited': {
        const d = event.data;
        return [
          statement(sql`insert into post_versions
              (post_id, version_no, author_id, actor_id, status, fields, created_at)
            select ${d.postId}::uuid,
              coalesce((select max(version_no) from post_versions
                where post_id = ${d.postId}::uuid), 0) + 1,
              ${d.authorId}::uuid, ${event.metadata.actorId ?? d.authorId}::uuid, ${d.status},
              ${JSON.stringify(versionFields(d))}::jsonb, ${event.occurredAt}::timestamptz`),
        ];
      }
      case 'PostDeleted':
        return [statement(qb.deleteFrom('post_versions').where('post_id', '=', event.data.postId))];
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('post_versions').where('author_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
