import type { LogEntry, LogsPush } from '../../../shared/ops/logs';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import type { Db, Trx } from '../../db/schema';
import { OPS_PAYLOAD_LIMIT, publishOps } from '../../realtime/ops-channel';

/** Room for the envelope (`{"event":"logs","payload":...}`) and the push's own fields. */
const ENVELOPE_BYTES = 200;

/**
 * The newest entries that fit one NOTIFY, newest first. What does not fit is left out and the
 * push says so (`complete: false`), so viewers refetch rather than miss entries.
 */
export function buildLogsPush(entries: readonly LogEntry[]): LogsPush | null {
  if (entries.length === 0) return null;
  const newestFirst = [...entries].sort((a, b) => Number(b.id) - Number(a.id));
  const kept: LogEntry[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const entry of newestFirst) {
    const size = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (bytes + size > OPS_PAYLOAD_LIMIT) break;
    kept.push(entry);
    bytes += size;
  }
  return {
    version: newestFirst[0]!.id,
    entries: kept,
    complete: kept.length === newestFirst.length,
  };
}

export async function publishLogEntries(executor: Db | Trx, entries: readonly LogEntry[]) {
  const push = buildLogsPush(entries);
  if (push) await publishOps(executor, OPS_EVENTS.logs, push);
}
