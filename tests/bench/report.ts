import type { PushAnalysis } from './analysis';
import type { CpuPercent } from './cpu';
import type { OpenLoopResult } from './load';
import { summarize } from './stats';

export type Verdict = 'pass' | 'FAIL' | 'info';

export interface Row {
  metric: string;
  value: string;
  target: string;
  result: Verdict;
  /** The unformatted measurement, for the JSON report. */
  raw: number | null;
}

export function row(
  metric: string,
  raw: number | null,
  value: string,
  target?: { text: string; met: boolean },
): Row {
  return {
    metric,
    value,
    raw: raw !== null && Number.isFinite(raw) ? raw : null,
    target: target?.text ?? '',
    result: target ? (target.met ? 'pass' : 'FAIL') : 'info',
  };
}

export const fmt = {
  int: (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a'),
  ms: (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a'),
  mb: (kb: number | null) => (kb !== null ? `${(kb / 1024).toFixed(0)} MB` : 'n/a'),
};

/** A Markdown pipe table padded to line up in a terminal as well. */
export function renderTable(rows: Row[]): string {
  const header = ['metric', 'value', 'target', 'result'];
  const cells = rows.map((r) => [r.metric, r.value, r.target, r.result]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (i === 1 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 1 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/**
 * A table of several columns (one row per run, per command, per strategy), rendered like the
 * metric tables: left-aligned text, right-aligned numbers.
 */
export interface Grid {
  header: string[];
  cells: string[][];
  /** Columns to right-align (numbers); the others are left-aligned. */
  numeric: number[];
  /** Unformatted values per row, for the JSON report. */
  raw?: Record<string, unknown>[];
}

export function renderGrid(grid: Grid): string {
  const { header, cells } = grid;
  const right = new Set(grid.numeric);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (values: string[]) =>
    `| ${widths.map((w, i) => (right.has(i) ? (values[i] ?? '').padStart(w) : (values[i] ?? '').padEnd(w))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right.has(i) ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** One printed section of the report: a metric table, a grid, or both, with notes under them. */
export interface Section {
  title: string;
  rows?: Row[];
  grid?: Grid;
  notes?: string[];
}

export function renderSection(section: Section): string {
  const parts = [
    section.rows ? renderTable(section.rows) : null,
    section.grid ? renderGrid(section.grid) : null,
    ...(section.notes ?? []),
  ].filter((part): part is string => part !== null);
  return `\n${section.title}\n\n${parts.join('\n\n')}\n`;
}

export const TARGETS = { pushP99Ms: 50, rssMb: 400, commandShareOfBare: 0.4 };

export interface Measurements {
  members: number;
  durationMs: number;
  connections: number;
  connectedBefore: number;
  connectedAfter: number;
  capacity: number;
  rate: number;
  load: OpenLoopResult;
  loadCpu: CpuPercent;
  pushes: PushAnalysis;
  mismatches: number;
  rssPeakKb: number;
  lifetimePeakKb: number;
  bareRps: number;
  bareOtherCpu: number;
  insertsPerSecond: number;
  insertClients: number;
  serverWarnings: number;
  /** Disconnects of the members' sockets during the steady load. */
  drops: number;
}

const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const zero = (n: number) => ({ text: '0', met: n === 0 });

export function buildRows(m: Measurements): Row[] {
  const { load, pushes } = m;
  const commandsPerSecond = load.ok / (load.elapsedMs / 1000);
  const commandTarget = m.bareRps * TARGETS.commandShareOfBare;
  const http = summarize(load.latenciesMs);
  const push = summarize(pushes.latenciesMs);
  const httpErrors = load.errors + load.unanswered;
  const cpu = m.loadCpu;
  // CPU percent of one core over the load (sending and draining) → milliseconds per command.
  const perCommand = (percent: number) =>
    load.ok > 0 ? ((percent / 100) * load.elapsedMs) / load.ok : Number.NaN;
  return [
    row(
      'sockets connected (before / after load)',
      m.connectedAfter,
      `${m.connectedBefore} / ${m.connectedAfter}`,
      {
        text: `${m.members}`,
        met: m.connectedBefore === m.members && m.connectedAfter === m.members,
      },
    ),
    row(`capacity probe, commands/s (${m.connections} in flight)`, m.capacity, fmt.int(m.capacity)),
    row(
      'steady load offered',
      m.rate,
      `${fmt.int(m.rate)}/s × ${m.durationMs / 1000} s = ${fmt.int(load.sent)}`,
    ),
    row('commands/s sustained (answered 201)', commandsPerSecond, fmt.int(commandsPerSecond), {
      text: `≥ ${fmt.int(commandTarget)} (40% of bare Express)`,
      met: commandsPerSecond >= commandTarget,
    }),
    row('HTTP errors + unanswered', httpErrors, fmt.int(httpErrors), zero(httpErrors)),
    row('HTTP p50 (from scheduled send)', http.p50, fmt.ms(http.p50)),
    row('HTTP p99 (from scheduled send)', http.p99, fmt.ms(http.p99)),
    row('client backlog, most requests queued', load.maxQueued, fmt.int(load.maxQueued)),
    row('push p50 (commit → socket)', push.p50, fmt.ms(push.p50)),
    row('push p99 (commit → socket)', push.p99, fmt.ms(push.p99), {
      text: `≤ ${TARGETS.pushP99Ms} ms`,
      met: push.p99 <= TARGETS.pushP99Ms,
    }),
    row('push max', push.max, fmt.ms(push.max)),
    row('pushes received', pushes.pushes, fmt.int(pushes.pushes)),
    row('pushes lost', pushes.lost, fmt.int(pushes.lost), {
      text: '0',
      met: pushes.lost === 0 && load.ok > 0,
    }),
    row(
      'pushes duplicated',
      pushes.duplicated,
      fmt.int(pushes.duplicated),
      zero(pushes.duplicated),
    ),
    row('pushes out of order', pushes.outOfOrder, fmt.int(pushes.outOfOrder)),
    row('pushes on an abandoned socket', pushes.stale, fmt.int(pushes.stale)),
    row('socket disconnects during load', m.drops, fmt.int(m.drops)),
    row(
      'push values ≠ command answer',
      pushes.valueMismatches,
      fmt.int(pushes.valueMismatches),
      zero(pushes.valueMismatches),
    ),
    row(
      'badge mismatches at end (all members)',
      m.mismatches,
      fmt.int(m.mismatches),
      zero(m.mismatches),
    ),
    row('server peak RSS during load', m.rssPeakKb, fmt.mb(m.rssPeakKb), {
      text: `≤ ${TARGETS.rssMb} MB`,
      met: m.rssPeakKb > 0 && m.rssPeakKb / 1024 <= TARGETS.rssMb,
    }),
    row('server peak RSS, whole run', m.lifetimePeakKb, fmt.mb(m.lifetimePeakKb)),
    row(
      'CPU in load: server / postgres / bench / other',
      cpu.server,
      [cpu.server, cpu.postgres, cpu.bench, cpu.other].map(pct).join(' / '),
    ),
    row(
      'CPU per command answered: server / postgres',
      perCommand(cpu.server),
      `${fmt.ms(perCommand(cpu.server))} / ${fmt.ms(perCommand(cpu.postgres))}`,
    ),
    row('bare Express req/s', m.bareRps, fmt.int(m.bareRps)),
    row('CPU of all else during bare Express', m.bareOtherCpu, pct(m.bareOtherCpu)),
    row(
      `bare insert commits/s (${m.insertClients} clients)`,
      m.insertsPerSecond,
      fmt.int(m.insertsPerSecond),
    ),
    row('server log lines at warn or above', m.serverWarnings, fmt.int(m.serverWarnings)),
  ];
}

/** Percent of one core each party used; "other" is everyone else on the machine. */
export const cpuRow = (metric: string, cpu: CpuPercent) =>
  row(
    metric,
    cpu.server,
    [cpu.server, cpu.postgres, cpu.bench, cpu.other]
      .map((n) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a'))
      .join(' / '),
  );
