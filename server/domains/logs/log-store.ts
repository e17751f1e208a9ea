import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import { LOG_LIMITS, type LogEntry, type LogFilter, type LogsPage } from '../../../shared/ops/logs';
import type { Database, Db } from '../../db/schema';
import type { LogEntriesTable } from '../../db/tables/log-entries';
import { publishLogEntries } from './log-push';
import { presentLogEntry } from './log-presenter';

export type NewLogEntry = Insertable<LogEntriesTable>;

/** Stores a batch in one statement and tells the operators' screens, both at commit. */
export async function insertLogEntries(db: Db, entries: NewLogEntry[]): Promise<LogEntry[]> {
  if (entries.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx.insertInto('log_entries').values(entries).returningAll().execute();
    const presented = rows.map(presentLogEntry);
    await publishLogEntries(trx, presented);
    return presented;
  });
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered<O>(
  query: SelectQueryBuilder<Database, 'log_entries', O>,
  filter: LogFilter,
): SelectQueryBuilder<Database, 'log_entries', O> {
  let q = query;
  if (filter.level) q = q.where('level', '=', filter.level);
  if (filter.source) q = q.where('source', '=', filter.source);
  if (filter.q) q = q.where(sql<boolean>`message ilike ${likePattern(filter.q)}`);
  return q;
}

/** Newest first, `limit` entries older than `before` (an id). */
export async function readLogsPage(
  db: Db,
  filter: LogFilter,
  limit: number,
  before?: string,
): Promise<LogsPage> {
  let query = filtered(db.selectFrom('log_entries').selectAll(), filter);
  if (before) query = query.where('id', '<', Number(before));
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).map(presentLogEntry);
  return {
    entries: page,
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

const EXPORT_PAGE = 1000;

/**
 * The entries an export holds, newest first, read a page at a time so a large export never sits
 * in memory whole. Stops after `LOG_LIMITS.exportMax` entries.
 */
export async function* exportLogEntries(db: Db, filter: LogFilter): AsyncGenerator<LogEntry> {
  let before: string | undefined;
  let sent = 0;
  while (sent < LOG_LIMITS.exportMax) {
    const limit = Math.min(EXPORT_PAGE, LOG_LIMITS.exportMax - sent);
    const page = await readLogsPage(db, filter, limit, before);
    for (const entry of page.entries) yield entry;
    sent += page.entries.length;
    if (!page.nextBefore) return;
    before = page.nextBefore;
  }
}

/** Deletes entries received more than `days` ago, a chunk per statement; returns how many. */
export async function pruneLogEntries(db: Db, days: number, chunk = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql<{ id: number }>`
      delete from log_entries where id in (
        select id from log_entries
        where received_at < now() - make_interval(days => ${days})
        limit ${chunk}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < chunk) return total;
  }
}
