import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startChildServer } from './child-server';
import { HttpPool } from './http-pool';
import { cpuMs, machineBusyMs } from './cpu';
import { closedLoop, type ClosedLoopResult } from './load';

const BARE_BODY = JSON.stringify({
  userId: '00000000-0000-4000-8000-000000000000',
  counter: 'messages',
  delta: 1,
});

/** Max-rate requests/s of a bare Express JSON route, in its own process, via the bench's client. */
export async function bareExpressBaseline(options: {
  repoRoot: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
}): Promise<ClosedLoopResult & { otherCpu: number }> {
  const { child, port } = await startChildServer(
    options.repoRoot,
    'bare-express.ts',
    [],
    'bare Express',
  );
  try {
    const http = new HttpPool('127.0.0.1', port, options.connections);
    const start = { at: performance.now(), machine: machineBusyMs(), bare: cpuMs(child.pid!) };
    const self = process.cpuUsage();
    try {
      const result = await closedLoop({
        pool: http,
        concurrency: options.connections,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        okStatus: 201,
        send: (p) => p.request('POST', '/bare', BARE_BODY),
      });
      const wall = performance.now() - start.at;
      const bench = process.cpuUsage(self);
      const used =
        machineBusyMs() -
        start.machine -
        (cpuMs(child.pid!) - start.bare) -
        (bench.user + bench.system) / 1000;
      // What neither side of the baseline used: the idle server, Postgres, anyone else's work.
      return { ...result, otherCpu: (used / wall) * 100 };
    } finally {
      http.close();
    }
  } finally {
    child.kill('SIGTERM');
  }
}

export interface InsertBaseline {
  commitsPerSecond: number;
  commits: number;
  clients: number;
}

/**
 * Autocommit single-row inserts from `clients` concurrent connections into a throwaway table:
 * the commit rate this Postgres and disk allow, which bounds any command that commits once.
 */
export async function bareInsertBaseline(options: {
  connectionString: string;
  clients: number;
  warmupMs: number;
  durationMs: number;
}): Promise<InsertBaseline> {
  const table = `bench_bare_inserts_${randomBytes(4).toString('hex')}`;
  const clients = Array.from(
    { length: options.clients },
    () => new pg.Client({ connectionString: options.connectionString }),
  );
  // An error on an idle client would otherwise be thrown as an unhandled 'error' event.
  for (const client of clients) client.on('error', () => undefined);
  await Promise.all(clients.map((c) => c.connect()));
  const admin = clients[0]!;
  try {
    await admin.query(
      `create table ${table} (id bigserial primary key, member uuid not null, counter text not null, at timestamptz not null default now())`,
    );
    const start = performance.now();
    const windowStart = start + options.warmupMs;
    const end = windowStart + options.durationMs;
    let commits = 0;
    const insert = `insert into ${table} (member, counter) values ($1, $2)`;
    const values = ['00000000-0000-4000-8000-000000000000', 'messages'];
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < end) {
          await client.query(insert, values);
          const now = performance.now();
          if (now >= windowStart && now <= end) commits += 1;
        }
      }),
    );
    return {
      commitsPerSecond: commits / (options.durationMs / 1000),
      commits,
      clients: options.clients,
    };
  } finally {
    await admin.query(`drop table if exists ${table}`).catch(() => undefined);
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
