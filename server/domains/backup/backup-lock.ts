import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * Commands on backups (start, delete, config, restore request) take this transaction-level lock,
 * so "no backup is running" is still true when they append. Worker processes take the session
 * lock of RUNNER_LOCK while they write a backup or run a restore: one job at a time, cluster-wide.
 */
const COMMAND_LOCK = 7_300_101;
export const RUNNER_LOCK = 7_300_102;

export function lockBackupCommands(): Statement {
  return statement(sql`select pg_advisory_xact_lock(${COMMAND_LOCK})`);
}
