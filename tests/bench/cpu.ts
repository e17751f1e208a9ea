import { readFileSync, readdirSync } from 'node:fs';

// Linux reports utime/stime in clock ticks; USER_HZ is 100 on every mainstream build.
const TICK_MS = 10;

interface Stat {
  ppid: number;
  cpuMs: number;
  /** CPU of its children that have exited and been waited for (cutime + cstime). */
  reapedChildrenMs: number;
}

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses; fields resume after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      reapedChildrenMs: (Number(fields[13]) + Number(fields[14])) * TICK_MS,
    };
  } catch {
    return null;
  }
}

/**
 * CPU time used so far by a process and, optionally, all of its direct children: the live ones
 * and those that have exited. Counting only live children made the sum fall whenever one exited
 * (a Postgres backend closing, an autovacuum worker finishing) and a short window could show
 * negative CPU; an exited child's time moves to its parent's cutime/cstime once it is reaped.
 */
export function cpuMs(pid: number, withChildren = false): number {
  const own = stat(pid);
  let total = own?.cpuMs ?? 0;
  if (!withChildren) return total;
  total += own?.reapedChildrenMs ?? 0;
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child) || child === pid) continue;
    const s = stat(child);
    if (s?.ppid === pid) total += s.cpuMs;
  }
  return total;
}

/** CPU time all processes on the machine have used so far (every core), from /proc/stat. */
export function machineBusyMs(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) *
      TICK_MS
    );
  } catch {
    return Number.NaN;
  }
}

export interface CpuSnapshot {
  at: number;
  server: number;
  postgres: number;
  bench: number;
  machine: number;
}

export function cpuSnapshot(serverPid: number, postmasterPid: number | null): CpuSnapshot {
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    server: cpuMs(serverPid),
    postgres: postmasterPid ? cpuMs(postmasterPid, true) : Number.NaN,
    bench: (self.user + self.system) / 1000,
    machine: machineBusyMs(),
  };
}

export interface CpuPercent {
  server: number;
  postgres: number;
  bench: number;
  other: number;
}

/** Percent of one core used by each party between two snapshots (200% = both cores here). */
export function cpuPercent(from: CpuSnapshot, to: CpuSnapshot): CpuPercent {
  const wall = to.at - from.at;
  const pct = (a: number, b: number) => ((b - a) / wall) * 100;
  return {
    server: pct(from.server, to.server),
    postgres: pct(from.postgres, to.postgres),
    bench: pct(from.bench, to.bench),
    /** Everything else on the machine (other people's builds and tests make a run noisy). */
    other:
      pct(from.machine, to.machine) -
      pct(from.server, to.server) -
      (Number.isFinite(from.postgres) ? pct(from.postgres, to.postgres) : 0) -
      pct(from.bench, to.bench),
  };
}

/**
 * Waits until the machine has been nearly idle (under `maxPercent` of one core, all processes
 * together) for two windows of a second in a row, or `timeoutMs` passed: what a seed leaves
 * running (the server's relay reading a million seeded events, Postgres's writes of them) must
 * not share the cores with a measurement and its baseline. Returns how long it waited.
 */
export async function untilQuiet(maxPercent = 15, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  let quietWindows = 0;
  let before = machineBusyMs();
  while (quietWindows < 2 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = machineBusyMs();
    quietWindows = (now - before) / 10 < maxPercent ? quietWindows + 1 : 0;
    before = now;
  }
  return performance.now() - started;
}
