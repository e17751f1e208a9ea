import { sql, type RawBuilder } from 'kysely';
import type { Mention } from '../../../shared/mentions';

/**
 * The members the row aliased `row` mentions, each with their username now: the text keeps the
 * handle as written, and the link follows the member through a rename. An empty list costs no
 * lookup.
 */
export function mentionedSql(row: string): RawBuilder<Mention[]> {
  const mentions = sql.ref(`${row}.mentions`);
  return sql<Mention[]>`case when jsonb_array_length(${mentions}) = 0 then '[]'::jsonb else
    (select coalesce(jsonb_agg(jsonb_build_object('handle', m ->> 'handle',
        'memberId', u.id, 'username', u.username) order by o), '[]'::jsonb)
      from jsonb_array_elements(${mentions}) with ordinality as x(m, o)
      join users u on u.id = (m ->> 'memberId')::uuid) end`;
}
