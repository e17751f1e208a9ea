import { sql } from 'kysely';
import type { ContentMetric } from '../../../shared/content/history';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/**
 * Analytics per post, day and metric: each batch adds its counts. A post gone meanwhile takes
 * nothing; a purge and a deleted author take the post's rows with them.
 */
export const contentAnalyticsProjection: Projection = {
  name: 'content-analytics',
  tables: ['content_analytics'],
  handles: ['ContentMetricsRecorded', 'PostDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'ContentMetricsRecorded': {
        const { postId, day, counts } = event.data;
        const metrics = Object.keys(counts) as ContentMetric[];
        return [
          statement(sql`insert into content_analytics (post_id, day, metric, author_id, count)
            select p.id, ${day}::date, m.metric, p.author_id, m.count
            from posts p, unnest(${metrics}::text[], ${metrics.map((m) => counts[m] ?? 0)}::int[])
              as m(metric, count)
            where p.id = ${postId}::uuid
            on conflict (post_id, day, metric)
              do update set count = content_analytics.count + excluded.count`),
        ];
      }
      case 'PostDeleted':
        return [
          statement(qb.deleteFrom('content_analytics').where('post_id', '=', event.data.postId)),
        ];
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('content_analytics').where('author_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
