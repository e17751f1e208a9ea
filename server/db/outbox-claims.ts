import { sql, type RawBuilder } from 'kysely';
import type { Db } from './schema';

/**
 * The tables drained as outboxes: rows move `pending` → `processing` (under a claim id) → a
 * settled status, with `attempts`, `next_attempt_at`, `claim_id`, `claimed_at`, `updated_at`.
 */
export type OutboxTable = 'email_outbox' | 'push_outbox';

export interface DueRowsOptions {
  table: OutboxTable;
  /** The queue's order, such as `sql\`priority_rank, created_at, id\``. */
  orderBy: RawBuilder<unknown>;
  batchSize: number;
  /** A claim older than this belongs to a worker presumed dead and may be taken again. */
  claimTimeoutMs: number;
}

/**
 * The ids of a batch due for delivery, locked with SKIP LOCKED so that workers in any number of
 * processes never take the same row: a CTE body for the claiming update.
 */
export function dueRows({ table, orderBy, batchSize, claimTimeoutMs }: DueRowsOptions) {
  return sql`select id from ${sql.table(table)}
    where (status = 'pending' and next_attempt_at <= now())
       or (status = 'processing'
           and claimed_at < now() - make_interval(secs => ${claimTimeoutMs / 1000}))
    order by ${orderBy}
    limit ${batchSize}
    for update skip locked`;
}

/** The assignments of a claim, for `update <table> o set … from picked`: one more attempt. */
export function claimAssignments(claimId: string) {
  return sql`status = 'processing', claim_id = ${claimId}, claimed_at = now(),
    attempts = o.attempts + 1, updated_at = now()`;
}

/** Hands the untried rest of a claim back to the queue, its attempt uncounted; how many rows. */
export async function releaseClaim(db: Db, table: OutboxTable, claimId: string): Promise<number> {
  const result = await sql`update ${sql.table(table)}
    set status = 'pending', attempts = attempts - 1, claim_id = null, claimed_at = null,
        updated_at = now()
    where claim_id = ${claimId} and status = 'processing'`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
