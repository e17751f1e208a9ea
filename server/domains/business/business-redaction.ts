import { sql } from 'kysely';
import { emptyBusinessAccount } from '../../../shared/business';
import { statement, type Statement } from '../../db/statement';

/**
 * An erased member's business accounts in the log become empty ones named `erasedText`: still
 * valid saves, so a replay projects them and the member's `AccountDeleted` removes them again.
 */
export function businessRedactionStatements(userId: string, erasedText: string): Statement[] {
  const {
    exists: _exists,
    version: _version,
    updatedAt: _updatedAt,
    ...empty
  } = emptyBusinessAccount();
  const account = { ...empty, name: erasedText };
  return [
    statement(sql`update events set data = data || ${JSON.stringify({ account })}::jsonb
      where type = 'BusinessAccountSaved' and data ->> 'userId' = ${userId}::uuid::text`),
  ];
}
