import type { LogEntry, LogFilter, LogsPage } from '../../../shared/ops/logs';
import { matchesLogFilter } from '../../../shared/ops/logs';

export interface LogsCache {
  pages: LogsPage[];
  pageParams: (string | null)[];
}

/** Every loaded entry, newest first. */
export function flattenLogs(cache: LogsCache | undefined): LogEntry[] {
  return cache ? cache.pages.flatMap((page) => page.entries) : [];
}

/**
 * Puts pushed entries that match the list's filters at the top, newest first, skipping any the
 * list already holds (a push can race the fetch that loaded them).
 */
export function addLogEntries(cache: LogsCache, entries: LogEntry[], filter: LogFilter): void {
  const first = cache.pages[0];
  if (!first) return;
  const known = new Set(flattenLogs(cache).map((entry) => entry.id));
  const fresh = entries.filter((entry) => !known.has(entry.id) && matchesLogFilter(entry, filter));
  if (fresh.length === 0) return;
  first.entries = [...fresh, ...first.entries].sort((a, b) => Number(b.id) - Number(a.id));
}
