import { sql } from 'kysely';
import type { Trx } from '../../db/schema';

/**
 * Commands on backups (start, delete, config, restore request) take this transaction-level lock,
 * so "no backup is running" is still true when they append. Worker processes take the session
 * lock of RUNNER_LOCK while they write a backup or run a restore: one job at a time, cluster-wide.
 */
const COMMAND_LOCK = 7_300_101;
export const RUNNER_LOCK = 7_300_102;

export async function lockBackupCommands(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${COMMAND_LOCK})`.execute(trx);
}
