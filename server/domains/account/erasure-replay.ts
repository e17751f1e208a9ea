import type { Trx } from '../../db/schema';
import { pipelineQuery } from '../../db/pipeline';
import { reapplyErasureStatements } from './redaction';

/**
 * Applies every recorded erasure again inside the caller's transaction (a restore, before it
 * rebuilds the read models). `erased_members` is neither a read model nor in the log, so the
 * restore left it as it was.
 */
export async function reapplyErasures(trx: Trx): Promise<number> {
  const erased = await trx.selectFrom('erased_members').select('user_id').execute();
  const statements = reapplyErasureStatements(erased.map((row) => row.user_id));
  if (statements.length > 0) await trx.executeQuery(pipelineQuery(statements));
  return erased.length;
}
