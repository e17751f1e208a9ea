import { sql, type RawBuilder } from 'kysely';
import type { Members } from '../../core/meanings';

/** The condition "`column` is one of these members", for a badge statement. */
export function inMembers(column: RawBuilder<unknown>, members: Members): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [];
  if (members.ids && members.ids.length > 0) {
    parts.push(sql<boolean>`${column} = any(${[...members.ids]}::uuid[])`);
  }
  if (members.query) parts.push(sql<boolean>`${column} in (${members.query})`);
  return parts.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(parts, sql` or `)})`;
}
