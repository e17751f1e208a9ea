import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * An erased member's token names in the log become `erasedText`. The hashes stay: they say
 * nothing of the member, cannot be turned back into a secret, and a replay removes the tokens
 * with the member's `AccountDeleted` anyway.
 */
export function apiTokensRedactionStatements(userId: string, erasedText: string): Statement[] {
  return [
    statement(sql`update events set data = data || ${JSON.stringify({ name: erasedText })}::jsonb
      where type = 'ApiTokenCreated' and data ->> 'userId' = ${userId}::uuid::text`),
  ];
}
