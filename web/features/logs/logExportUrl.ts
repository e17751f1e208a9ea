import type { LogExportFormat, LogFilter } from '../../../shared/ops/logs';

/** The export is a plain download link: the browser streams the file to disk. */
export function logExportUrl(format: LogExportFormat, filter: LogFilter): string {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filter)) {
    if (value) params.set(key, value);
  }
  return `/api/logs/export?${params.toString()}`;
}
