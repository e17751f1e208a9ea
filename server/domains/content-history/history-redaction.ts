import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/** A post's text as a redacted `PostDrafted` or `PostEdited` of the posts domain keeps it. */
const ERASED_POST = {
  title: '',
  content: '',
  excerpt: '',
  featuredImage: null,
  location: null,
  categories: [],
  tags: [],
  seoTitle: '',
  seoDescription: '',
};

/**
 * The log's copies of a deleted member's words in backups (`ContentBackedUp`), rewritten as the
 * account's redaction rewrites the posts and comments they copy: the text of their posts'
 * snapshots, and their comments in any snapshot. Ids, order and what others wrote stay.
 */
export function backupRedactionStatements(userId: string, erasedText: string): Statement[] {
  const member = sql`${userId}::uuid::text`;
  return [
    statement(sql`update events
      set data = jsonb_set(data, '{post}', (data -> 'post') || ${JSON.stringify(ERASED_POST)}::jsonb)
      where type = 'ContentBackedUp' and data ->> 'authorId' = ${member}`),
    statement(sql`update events set data = jsonb_set(data, '{comments}',
        (select jsonb_agg(case when c.value ->> 'authorId' = ${member}
            then c.value || jsonb_build_object('content', ${erasedText}::text) else c.value end
          order by c.ordinality)
         from jsonb_array_elements(data -> 'comments') with ordinality c))
      where type = 'ContentBackedUp'
        and data -> 'comments' @> jsonb_build_array(jsonb_build_object('authorId', ${member}))`),
  ];
}
