import type { CommandFigures } from '../../server/core/command-stats';
import { fmt, type Grid } from './report';
import type { ProbeReading, ServerProcess } from './server-process';

/** What `GET /api/test/command-stats` answers: the process's figures per command name. */
export type CommandStatsSnapshot = Record<string, CommandFigures>;

/** The server's per-command figures, or null when the route is missing or failing. */
export async function fetchCommandStats(
  server: ServerProcess,
): Promise<CommandStatsSnapshot | null> {
  try {
    const res = await fetch(`${server.url}/api/test/command-stats`);
    if (res.status !== 200) return null;
    return (await res.json()) as CommandStatsSnapshot;
  } catch {
    return null;
  }
}

/** One command's figures between two snapshots of the counters. */
export interface CommandWindow {
  name: string;
  runs: number;
  roundTrips: number;
  /** Round trips per run: total / runs (see `runsWithoutTrips`). */
  averageTrips: number;
  /**
   * The counters keep the highest round-trip count since the process started, not per window:
   * when it rose during the window it is the window's maximum (`exact`); otherwise the window's
   * maximum is at most that figure.
   */
  maxTrips: number;
  maxExact: boolean;
  retries: number;
}

const EMPTY: CommandFigures = { runs: 0, roundTrips: { total: 0, max: 0, last: 0 }, retries: 0 };

/** Commands that ran between `before` and `after`, busiest first. */
export function commandsBetween(
  before: CommandStatsSnapshot | null,
  after: CommandStatsSnapshot | null,
): CommandWindow[] {
  if (!after) return [];
  return Object.entries(after)
    .map(([name, now]) => {
      const then = before?.[name] ?? EMPTY;
      const runs = now.runs - then.runs;
      const roundTrips = now.roundTrips.total - then.roundTrips.total;
      return {
        name,
        runs,
        roundTrips,
        averageTrips: runs > 0 ? roundTrips / runs : Number.NaN,
        maxTrips: now.roundTrips.max,
        maxExact: now.roundTrips.max > then.roundTrips.max || then.runs === 0,
        retries: now.retries - then.retries,
      };
    })
    .filter((window) => window.runs > 0)
    .sort((a, b) => b.runs - a.runs);
}

const trips = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');

/**
 * Round trips per command, counted by the server where queries leave the process
 * (server/db/round-trips.ts) and read from its test route before and after the load.
 */
export function commandGrid(windows: CommandWindow[], whole?: ProcessTrips): Grid {
  const cells = windows.map((w) => [
    w.name,
    fmt.int(w.runs),
    fmt.int(w.roundTrips),
    trips(w.averageTrips),
    w.maxExact ? `${w.maxTrips}` : `≤ ${w.maxTrips}`,
    fmt.int(w.retries),
  ]);
  if (whole && whole.trips !== null) {
    cells.push([
      'whole server process, per HTTP request',
      fmt.int(whole.requests),
      fmt.int(whole.trips),
      trips(whole.requests > 0 ? whole.trips / whole.requests : Number.NaN),
      '',
      '',
    ]);
  }
  return {
    header: ['command', 'runs', 'round trips', 'per run (avg)', 'max', 'retries'],
    numeric: [1, 2, 3, 4, 5],
    cells,
    raw: [...windows.map((w) => ({ ...w })), ...(whole ? [{ wholeProcess: whole }] : [])],
  };
}

/** Every query the server process sent in a window (round-trip-probe.ts), and the requests. */
export interface ProcessTrips {
  trips: number | null;
  requests: number;
  /** The busiest statement shapes of the window, with their counts. */
  shapes: [string, number][];
}

/** The probe's counts between two readings (null when either is missing), per request. */
export function tripsBetween(
  before: ProbeReading | null,
  after: ProbeReading | null,
  requests: number,
): ProcessTrips {
  if (!before || !after) return { trips: null, requests, shapes: [] };
  const shapes = Object.entries(after.shapes)
    .map(([shape, count]): [string, number] => [shape, count - (before.shapes[shape] ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  return { trips: after.queries - before.queries, requests, shapes };
}

/**
 * The notes under a round-trip table: how the figures are counted and what they leave out, and
 * the round trips per HTTP request of the scenario's own command as far as the counters see them.
 */
export function commandNotes(options: {
  windows: CommandWindow[];
  /** The command each request of the scenario runs, e.g. `messaging.send`. */
  command: string;
  /** HTTP requests answered in the window (each ran `command` once). */
  requests: number;
  /** HTTP requests answered with another status (their runs are counted without round trips). */
  failedRequests: number;
  /** What the request does with the database outside the command, in words. */
  outside: string;
  /** Every query of the server process in the window (round-trip-probe.ts). */
  whole?: ProcessTrips;
}): string[] {
  const { windows, command } = options;
  if (windows.length === 0) {
    return ['No command figures: the server has no `GET /api/test/command-stats` route.'];
  }
  const own = windows.find((w) => w.name === command);
  const perRequest = own && options.requests > 0 ? own.roundTrips / options.requests : Number.NaN;
  return [
    `Counted by the server (server/db/round-trips.ts) where queries leave the process: a statement ` +
      `or a pipeline of statements awaited is one round trip. "max" is the highest since the server ` +
      `started ("≤" when it did not rise during this window). A run that failed (a refusal, or 409 ` +
      `after the last retry) is counted as a run without its round trips` +
      (options.failedRequests > 0
        ? `: ${fmt.int(options.failedRequests)} request(s) here were not answered with success, ` +
          `so the average is a little low.`
        : '; every request here succeeded.'),
    `Database round trips per HTTP request: ${trips(perRequest)} inside \`${command}\` ` +
      `(counted; ${fmt.int(own?.roundTrips ?? 0)} over ${fmt.int(options.requests)} requests), ` +
      `plus ${options.outside}`,
    ...(options.whole && options.whole.trips !== null
      ? [
          `"whole server process": every query the server process sent to Postgres in the ` +
            `same window, from all its connections (counted by tests/bench/round-trip-probe.ts ` +
            `at pg.Client.query, loaded into the server by the bench), per HTTP request ` +
            `answered: commands, session look-ups, the relay's reads for the pushes, its ` +
            `NOTIFY wake-ups and background workers together. Where they went, per HTTP ` +
            `request (statement text, shortened; a pipeline by its first statement):\n` +
            options.whole.shapes
              .slice(0, 8)
              .map(
                ([shape, count]) =>
                  `  ${trips(options.whole!.requests > 0 ? count / options.whole!.requests : Number.NaN).padStart(6)}  ${shape}`,
              )
              .join('\n'),
        ]
      : []),
  ];
}
