import { ChevronDown, ChevronRight, Download, ScrollText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  LOG_EXPORT_FORMATS,
  LOG_LEVELS,
  LOG_SOURCES,
  type LogEntry,
  type LogFilter,
  type LogLevel,
  type LogSource,
} from '../../../shared/ops/logs';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button, buttonVariants } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { useLiveFeature } from '../connection';
import { useFallbackPolling } from '../ops';
import { useLogger } from './loggingContext';
import { logExportUrl } from './logExportUrl';
import { useGetLogsInfiniteQuery } from './logsApi';
import { flattenLogs } from './logsCache';

const selectClass =
  'h-9 rounded-lg border border-input bg-card px-2.5 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

const LEVEL_STYLES: Record<LogLevel, string> = {
  DEBUG: 'bg-muted text-muted-foreground',
  INFO: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  WARN: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  ERROR: 'bg-red-500/15 text-red-700 dark:text-red-300',
  FATAL: 'bg-red-600 text-white',
};

/** Search waits for typing to pause, so each keystroke is not a request. */
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function isLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

function isSource(value: string): value is LogSource {
  return (LOG_SOURCES as readonly string[]).includes(value);
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
}

function LogRow({ entry }: { entry: LogEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const hasDetails =
    entry.data !== null || entry.userId !== null || entry.sessionId || entry.requestId;
  return (
    <li className="border-b last:border-b-0" data-testid="log-entry" data-log-id={entry.id}>
      <div className="flex items-start gap-3 px-3 py-2 text-sm">
        <Button
          variant="ghost"
          size="icon"
          className="size-6"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={open ? 'Hide details' : 'Show details'}
          disabled={!hasDetails}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        </Button>
        <time dateTime={entry.timestamp} className="shrink-0 text-muted-foreground tabular-nums">
          {formatTime(entry.timestamp)}
        </time>
        <span
          className={cn(
            'w-14 shrink-0 rounded px-1.5 py-0.5 text-center text-xs font-semibold',
            LEVEL_STYLES[entry.level],
          )}
        >
          {entry.level}
        </span>
        <span className="w-12 shrink-0 text-xs text-muted-foreground">{entry.source}</span>
        <span className="min-w-0 flex-1 break-words whitespace-pre-wrap">{entry.message}</span>
      </div>
      {open && (
        <div id={detailsId} className="space-y-1 px-12 pb-3 text-xs">
          {entry.userId && <p>User: {entry.userId}</p>}
          {entry.sessionId && <p>Session: {entry.sessionId}</p>}
          {entry.requestId && <p>Request: {entry.requestId}</p>}
          {entry.data !== null && (
            <pre className="max-h-80 overflow-auto rounded-md bg-muted p-2 font-mono">
              {JSON.stringify(entry.data, null, 2)}
            </pre>
          )}
        </div>
      )}
    </li>
  );
}

interface FiltersProps {
  level: string;
  source: string;
  search: string;
  onLevel(value: string): void;
  onSource(value: string): void;
  onSearch(value: string): void;
}

function LogFilters({ level, source, search, onLevel, onSource, onSearch }: FiltersProps) {
  const levelId = useId();
  const sourceId = useId();
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex items-center gap-2">
        <Label htmlFor={levelId}>Level</Label>
        <select
          id={levelId}
          value={level}
          onChange={(event) => onLevel(event.target.value)}
          className={selectClass}
        >
          <option value="">All levels</option>
          {LOG_LEVELS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <Label htmlFor={sourceId}>Source</Label>
        <select
          id={sourceId}
          value={source}
          onChange={(event) => onSource(event.target.value)}
          className={selectClass}
        >
          <option value="">All sources</option>
          {LOG_SOURCES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-48 flex-1 items-center gap-2">
        <Label htmlFor={searchId}>Search</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search log messages..."
          value={search}
          maxLength={200}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
    </div>
  );
}

/**
 * The operators' log viewer: server and client entries, newest first, filtered by level, source
 * and text, with new entries arriving live and exports of what the filters select.
 */
export function LogViewer() {
  const [level, setLevel] = useState('');
  const [source, setSource] = useState('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const filter: LogFilter = {
    ...(isLevel(level) ? { level } : {}),
    ...(isSource(source) ? { source } : {}),
    ...(q ? { q } : {}),
  };
  const logger = useLogger();
  useLiveFeature('logs');
  const pollingInterval = useFallbackPolling(30_000);
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetLogsInfiniteQuery(filter, { pollingInterval });
  const entries = flattenLogs(data);
  const filtered = level !== '' || source !== '' || q !== '';

  return (
    <section aria-labelledby="log-viewer-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="log-viewer-title" className="flex items-center gap-2 text-lg font-semibold">
          <ScrollText className="size-5" aria-hidden />
          Logs
        </h2>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Export logs">
          {LOG_EXPORT_FORMATS.map((format) => (
            <a
              key={format}
              href={logExportUrl(format, filter)}
              download
              // Exports leave the system, so each one is on the record.
              onClick={() => logger.info(`Logs exported as ${format.toUpperCase()}`, { filter })}
              className={buttonVariants({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden />
              Export {format.toUpperCase()}
            </a>
          ))}
        </div>
      </div>
      <LogFilters
        level={level}
        source={source}
        search={search}
        onLevel={setLevel}
        onSource={setSource}
        onSearch={setSearch}
      />
      {isLoading ? (
        <LoadingState label="Loading logs…" />
      ) : isError && entries.length === 0 ? (
        <ErrorState
          title="Failed to load logs"
          message="The log entries could not be loaded."
          onRetry={() => void refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="rounded-lg border py-12 text-center text-sm text-muted-foreground">
          {filtered ? 'No log entries match these filters.' : 'No log entries yet.'}
        </p>
      ) : (
        <>
          <ol aria-label="Log entries" className="rounded-lg border bg-card">
            {entries.map((entry) => (
              <LogRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {isFetchingNextPage ? 'Loading…' : 'Load older entries'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
