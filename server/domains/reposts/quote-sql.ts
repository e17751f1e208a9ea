import { sql, type RawBuilder } from 'kysely';
import type { Quote } from '../../../shared/reposts';
import { member, postVisible } from '../relations/relations-policy';

/**
 * The original the post aliased `p` quotes, as `viewerId` may see it: the small card when the
 * relations policy lets them see it, `{ unavailable: true }` when it does not or the original
 * is gone, and null when the post quotes nothing. One subquery on the quote's row.
 */
export function quoteSql(viewerId: string): RawBuilder<Quote | null> {
  return sql<Quote | null>`(select case when q.id is not null and ${postVisible('q', member(viewerId))}
      then json_build_object(
        'id', q.id,
        'author', json_build_object('id', qu.id, 'username', qu.username,
          'displayName', qu.display_name, 'avatar', qu.avatar),
        'title', q.title,
        'excerpt', case when q.excerpt <> '' then q.excerpt else left(q.content, 280) end,
        'publishedAt', to_char(q.published_at at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      else json_build_object('unavailable', true) end
    from post_quotes pq
    left join posts q on q.id = pq.quoted_id
    left join users qu on qu.id = q.author_id
    where pq.quote_id = p.id)`;
}

/** Whether `viewerId` reposted the post aliased `p`. */
export const repostedByMeSql = (viewerId: string) =>
  sql<boolean>`exists (select 1 from reposts r
    where r.post_id = p.id and r.member_id = ${viewerId}::uuid)`;
