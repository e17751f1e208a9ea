import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/database';
import { pipelineQuery } from '../../server/db/pipeline';
import { measureRoundTrips } from '../../server/db/round-trips';
import type { Db } from '../../server/db/schema';
import type { Statement } from '../../server/db/statement';
import { cpuMs } from './cpu';
import { progress } from './members';
import { fmt, type Grid, type Section } from './report';
import type { ServerProcess } from './server-process';

/**
 * The round-trip strategy scenario (`BENCH_SCENARIOS=roundtrips`): the same small command —
 * append one event, bump one badge row, read the row back — written five ways, each with and
 * without a `pg_notify` inside its transaction, at two concurrency levels, against the same
 * Postgres the server uses, in one run. Everything it touches lives in a schema of its own,
 * dropped at the end: no product table or migration is involved.
 *
 *   interactive  BEGIN, insert, update, select, COMMIT: one statement per round trip (5), named
 *                prepared statements (the product's client), through Kysely's transaction
 *   pipeline     insert, update, select as one pipeline (`pipelineQuery` through Kysely's
 *                `executeQuery`, as the command runner writes): one Sync, one implicit
 *                transaction, one round trip
 *   function     one call of a plpgsql function doing the same: one round trip
 *   simple       one simple-protocol string of the three statements with inlined literals: one
 *                round trip, parsed and planned every time
 *   batched      commit batching: commands that arrive while writes are in flight share the next
 *                pipeline (each command's three statements, in badge-id order so row locks are
 *                always taken in the same order), one transaction and one commit for all of them
 *
 * With NOTIFY, the insert carries `pg_notify(channel, position)` in its RETURNING list, so the
 * round trips are the same with and without it; a LISTEN connection receives them, as the relays
 * would. Reported per cell: ops/s, round trips per op (counted where queries leave the process,
 * as for the product's commands), and CPU per op of this process (node) and of Postgres.
 */

export interface RoundTripSettings {
  /** Concurrency levels (closed-loop clients), e.g. [16, 64]. */
  clients: number[];
  warmupMs: number;
  durationMs: number;
  /** Badge rows the commands pick from at random. */
  badgeRows: number;
  /** Batched strategy: transactions in flight at once, and most commands in one. */
  batchWriters: number;
  maxBatch: number;
}

type StrategyName = 'interactive' | 'pipeline' | 'function' | 'simple' | 'batched';

const STRATEGIES: { name: StrategyName; label: string }[] = [
  { name: 'interactive', label: '(a) interactive, 1 statement per round trip' },
  { name: 'pipeline', label: '(b) pipeline (pipelineQuery)' },
  { name: 'function', label: '(c) SQL function' },
  { name: 'simple', label: '(d) simple protocol, inlined literals' },
  { name: 'batched', label: '(e) commit batching (pipeline)' },
];

interface Cell {
  strategy: StrategyName;
  label: string;
  notify: boolean;
  clients: number;
  ops: number;
  errors: number;
  opsPerSecond: number;
  roundTripsPerOp: number;
  nodeCpuUsPerOp: number;
  postgresCpuUsPerOp: number;
  /** Batched only: commands per transaction, on average. */
  averageBatch: number | null;
  firstError: string | null;
}

/** The SQL of one command, by strategy; `schema` is the scenario's own. */
class CommandSql {
  readonly events: string;
  readonly badges: string;
  readonly fn: string;
  readonly channel: string;

  constructor(readonly schema: string) {
    this.events = `${schema}.bench_rt_events`;
    this.badges = `${schema}.bench_rt_badges`;
    this.fn = `${schema}.bench_rt_command`;
    this.channel = schema;
  }

  setup(rows: number): string[] {
    return [
      `create schema ${this.schema}`,
      `create table ${this.events} (
         global_position bigint generated always as identity primary key,
         stream_id text not null,
         stream_version integer not null,
         type text not null,
         data jsonb not null,
         occurred_at timestamptz not null,
         transaction_id xid8 not null default pg_current_xact_id(),
         unique (stream_id, stream_version))`,
      `create table ${this.badges} (
         user_id uuid primary key,
         messages integer not null default 0,
         version integer not null default 0)`,
      `insert into ${this.badges} (user_id) select gen_random_uuid() from generate_series(1, ${rows})`,
      `create function ${this.fn}(p_stream text, p_data jsonb, p_at timestamptz, p_user uuid, p_notify boolean)
       returns table (o_position bigint, o_messages integer, o_version integer)
       language plpgsql as $fn$
       declare
         v_position bigint;
       begin
         insert into ${this.events} (stream_id, stream_version, type, data, occurred_at)
           values (p_stream, 1, 'BenchCounterAdjusted', p_data, p_at)
           returning global_position into v_position;
         if p_notify then
           perform pg_notify('${this.channel}', v_position::text);
         end if;
         update ${this.badges} set messages = messages + 1, version = version + 1
           where user_id = p_user;
         return query select v_position, b.messages, b.version from ${this.badges} b
           where b.user_id = p_user;
       end
       $fn$`,
    ];
  }

  private insertText(notify: boolean, values: string): string {
    return (
      `insert into ${this.events} (stream_id, stream_version, type, data, occurred_at) ` +
      `values ${values} returning global_position` +
      (notify ? `, pg_notify('${this.channel}', global_position::text)` : '')
    );
  }

  private updateText(user: string): string {
    return `update ${this.badges} set messages = messages + 1, version = version + 1 where user_id = ${user}`;
  }

  private selectText(user: string): string {
    return `select user_id, messages, version from ${this.badges} where user_id = ${user}`;
  }

  /** The three statements of one command, parameterised. */
  statements(notify: boolean, user: string): Statement[] {
    const stream = `bench-rt-${randomUUID()}`;
    const data = JSON.stringify({ userId: user, counter: 'messages', delta: 1 });
    return [
      {
        sql: this.insertText(notify, `($1, 1, 'BenchCounterAdjusted', $2, $3)`),
        parameters: [stream, data, new Date()],
      },
      { sql: this.updateText('$1'), parameters: [user] },
      { sql: this.selectText('$1'), parameters: [user] },
    ];
  }

  functionCall(notify: boolean, user: string): Statement {
    return {
      sql: `select o_position, o_messages, o_version from ${this.fn}($1, $2, $3, $4, $5)`,
      parameters: [
        `bench-rt-${randomUUID()}`,
        JSON.stringify({ userId: user, counter: 'messages', delta: 1 }),
        new Date(),
        user,
        notify,
      ],
    };
  }

  /** One string, literals inlined (every value here is generated by us and escaped anyway). */
  simpleText(client: { escapeLiteral(value: string): string }, notify: boolean, user: string) {
    const literal = (value: string) => client.escapeLiteral(value);
    const data = JSON.stringify({ userId: user, counter: 'messages', delta: 1 });
    const values =
      `(${literal(`bench-rt-${randomUUID()}`)}, 1, 'BenchCounterAdjusted', ` +
      `${literal(data)}::jsonb, ${literal(new Date().toISOString())}::timestamptz)`;
    const who = `${literal(user)}::uuid`;
    return [this.insertText(notify, values), this.updateText(who), this.selectText(who)].join(
      ';\n',
    );
  }
}

/**
 * Commit batching: `submit` queues a command; while fewer than `writers` transactions are in
 * flight, the queue (up to `maxBatch` commands) goes out as one pipeline.
 */
class Batcher {
  private readonly queue: { user: string; resolve(): void; reject(error: Error): void }[] = [];
  private inFlight = 0;
  batches = 0;
  commands = 0;

  constructor(
    private readonly db: Db,
    private readonly sqlOf: CommandSql,
    private readonly notify: boolean,
    private readonly writers: number,
    private readonly maxBatch: number,
  ) {}

  submit(user: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ user, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.writers && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      // Row locks in one order across every transaction: batches cannot deadlock each other.
      batch.sort((a, b) => (a.user < b.user ? -1 : a.user > b.user ? 1 : 0));
      const statements = batch.flatMap((c) => this.sqlOf.statements(this.notify, c.user));
      this.inFlight += 1;
      this.batches += 1;
      this.commands += batch.length;
      this.db
        .executeQuery(pipelineQuery(statements))
        .then(
          (result) => {
            const rows = result.rows as unknown as pg.QueryResult[];
            batch.forEach((c, i) => {
              if (rows[3 * i + 2]?.rows.length === 1) c.resolve();
              else c.reject(new Error('the badge row was not read back'));
            });
          },
          (error: unknown) => {
            for (const c of batch) c.reject(error as Error);
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }
}

function oneCommand(
  strategy: StrategyName,
  handle: DatabaseHandle,
  sqlOf: CommandSql,
  notify: boolean,
  batcher: Batcher | null,
): (user: string) => Promise<void> {
  const { db, pool } = handle;
  const raw = (s: Statement) => CompiledQuery.raw(s.sql, [...s.parameters]);
  const expectOneRow = (rows: readonly unknown[] | undefined) => {
    if (rows?.length !== 1) throw new Error('the badge row was not read back');
  };
  switch (strategy) {
    case 'interactive':
      return (user) =>
        db.transaction().execute(async (trx) => {
          const [insert, update, select] = sqlOf.statements(notify, user);
          await trx.executeQuery(raw(insert!));
          await trx.executeQuery(raw(update!));
          expectOneRow((await trx.executeQuery(raw(select!))).rows);
        });
    case 'pipeline':
      return async (user) => {
        const { rows } = await db.executeQuery(pipelineQuery(sqlOf.statements(notify, user)));
        expectOneRow((rows as unknown as pg.QueryResult[])[2]?.rows);
      };
    case 'function':
      return async (user) => {
        expectOneRow((await db.executeQuery(raw(sqlOf.functionCall(notify, user)))).rows);
      };
    case 'simple':
      return async (user) => {
        const client = await pool.connect();
        try {
          // No parameters: pg sends a simple Query message, every statement in one string.
          const results = (await client.query(
            sqlOf.simpleText(client, notify, user),
          )) as unknown as pg.QueryResult[];
          expectOneRow(results[2]?.rows);
        } finally {
          client.release();
        }
      };
    case 'batched':
      return (user) => batcher!.submit(user);
  }
}

/** Closed loop: `clients` workers, each sending its next command when the last is answered. */
async function measureCell(options: {
  strategy: StrategyName;
  label: string;
  notify: boolean;
  clients: number;
  handle: DatabaseHandle;
  sqlOf: CommandSql;
  users: string[];
  settings: RoundTripSettings;
  postmasterPid: number | null;
}): Promise<Cell> {
  const { strategy, notify, clients, settings, users } = options;
  const batcher =
    strategy === 'batched'
      ? new Batcher(
          options.handle.db,
          options.sqlOf,
          notify,
          settings.batchWriters,
          settings.maxBatch,
        )
      : null;
  const run = oneCommand(strategy, options.handle, options.sqlOf, notify, batcher);
  let measuring = false;
  let stopping = false;
  let ops = 0;
  let trips = 0;
  let errors = 0;
  let firstError: string | null = null;
  const worker = async () => {
    while (!stopping) {
      try {
        // Counted as the command runner counts a command: every query or pipeline that leaves
        // the process inside this scope is one round trip. (A batch is often sent from the end of
        // the batch before it, outside any command's scope: the batcher counts those itself.)
        const measured = await measureRoundTrips(() => run(users[randomInt(users.length)]!));
        if (measuring) {
          ops += 1;
          trips += measured.trips;
        }
      } catch (error) {
        if (measuring) errors += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  const pgCpu = () => (options.postmasterPid ? cpuMs(options.postmasterPid, true) : Number.NaN);
  const snapshot = () => ({
    at: performance.now(),
    node: process.cpuUsage(),
    pg: pgCpu(),
    batches: batcher?.batches ?? 0,
    commands: batcher?.commands ?? 0,
  });
  const workers = Array.from({ length: clients }, worker);
  await sleep(settings.warmupMs);
  const from = snapshot();
  measuring = true;
  await sleep(settings.durationMs);
  measuring = false;
  const to = snapshot();
  stopping = true;
  await Promise.all(workers);

  const seconds = (to.at - from.at) / 1000;
  const nodeUs = to.node.user + to.node.system - (from.node.user + from.node.system);
  const batches = to.batches - from.batches;
  return {
    strategy,
    label: options.label,
    notify,
    clients,
    ops,
    errors,
    opsPerSecond: ops / seconds,
    roundTripsPerOp: ops > 0 ? (batcher ? batches : trips) / ops : Number.NaN,
    nodeCpuUsPerOp: ops > 0 ? nodeUs / ops : Number.NaN,
    postgresCpuUsPerOp: ops > 0 ? ((to.pg - from.pg) * 1000) / ops : Number.NaN,
    averageBatch: batcher && batches > 0 ? (to.commands - from.commands) / batches : null,
    firstError,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cellGrid(cells: Cell[]): Grid {
  const interactive = new Map(
    cells
      .filter((c) => c.strategy === 'interactive')
      .map((c) => [`${c.notify}:${c.clients}`, c.opsPerSecond]),
  );
  const us = (n: number) => (Number.isFinite(n) ? fmt.int(n) : 'n/a');
  return {
    header: [
      'strategy',
      'NOTIFY inside',
      'clients',
      'round trips per op',
      'ops/s',
      '× (a)',
      '× no NOTIFY',
      'node CPU µs/op',
      'Postgres CPU µs/op',
      'errors',
    ],
    numeric: [2, 3, 4, 5, 6, 7, 8, 9],
    cells: cells.map((c) => {
      const base = interactive.get(`${c.notify}:${c.clients}`);
      const quiet = c.notify
        ? cells.find((o) => o.strategy === c.strategy && o.clients === c.clients && !o.notify)
        : undefined;
      return [
        c.label,
        c.notify ? 'yes' : 'no',
        `${c.clients}`,
        (Number.isFinite(c.roundTripsPerOp) ? c.roundTripsPerOp.toFixed(2) : 'n/a') +
          (c.averageBatch !== null ? ` (${c.averageBatch.toFixed(1)} per commit)` : ''),
        fmt.int(c.opsPerSecond),
        base ? `${(c.opsPerSecond / base).toFixed(2)}` : 'n/a',
        quiet ? `${(c.opsPerSecond / quiet.opsPerSecond).toFixed(2)}` : '',
        us(c.nodeCpuUsPerOp),
        us(c.postgresCpuUsPerOp),
        fmt.int(c.errors),
      ];
    }),
    raw: cells.map((c) => ({ ...c })),
  };
}

/** Runs every strategy × NOTIFY × concurrency cell on the server's database. */
export async function runRoundTripBench(
  server: ServerProcess,
  settings: RoundTripSettings,
): Promise<{ sections: Section[] }> {
  const schema = `bench_rt_${randomBytes(4).toString('hex')}`;
  const sqlOf = new CommandSql(schema);
  const admin = new pg.Client({ connectionString: server.databaseUrl });
  admin.on('error', () => undefined);
  await admin.connect();
  // The relays of the product LISTEN; so does this one, on the scenario's own channel.
  const listener = new pg.Client({ connectionString: server.databaseUrl });
  listener.on('error', () => undefined);
  let notifications = 0;
  listener.on('notification', () => {
    notifications += 1;
  });
  const cells: Cell[] = [];
  try {
    for (const statement of sqlOf.setup(settings.badgeRows)) await admin.query(statement);
    await admin.query(`analyze ${sqlOf.badges}`);
    const { rows } = await admin.query<{ user_id: string }>(`select user_id from ${sqlOf.badges}`);
    const users = rows.map((r) => r.user_id);
    await listener.connect();
    await listener.query(`listen ${sqlOf.channel}`);

    const total = settings.clients.length * STRATEGIES.length * 2;
    for (const clients of settings.clients) {
      // One pool per concurrency level, of the product's own client (named prepared statements,
      // pipelines), opened before measuring so no cell pays for connecting.
      const handle = connectDatabase(server.databaseUrl, clients);
      try {
        await Promise.all(
          Array.from({ length: clients }, async () => {
            const client = await handle.pool.connect();
            await new Promise((resolve) => setTimeout(resolve, 50));
            client.release();
          }),
        );
        // Each strategy without and then with NOTIFY, side by side: the machine drifts less
        // between two neighbouring cells than across the whole table.
        for (const { name, label } of STRATEGIES) {
          for (const notify of [false, true]) {
            progress(
              `round trips ${cells.length + 1}/${total}: ${label}, ` +
                `${notify ? 'with' : 'without'} NOTIFY, ${clients} clients`,
            );
            const cell = await measureCell({
              strategy: name,
              label,
              notify,
              clients,
              handle,
              sqlOf,
              users,
              settings,
              postmasterPid: server.postmasterPid(),
            });
            if (cell.firstError) progress(`  first error: ${cell.firstError}`);
            progress(
              `  ${fmt.int(cell.opsPerSecond)} ops/s, ${cell.roundTripsPerOp.toFixed(2)} round trips/op`,
            );
            cells.push(cell);
          }
        }
      } finally {
        await handle.close();
      }
    }
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await listener.end().catch(() => undefined);
  }
  const notes = [
    `Each cell: ${settings.warmupMs / 1000} s warm-up, then ${settings.durationMs / 1000} s ` +
      `measured, closed loop (each client sends its next command when the last is answered). ` +
      `One command = insert one event, bump one of ${fmt.int(settings.badgeRows)} badge rows, ` +
      `read it back. "× (a)" is ops/s relative to the interactive cell with the same NOTIFY ` +
      `and clients; "× no NOTIFY" relative to the same strategy without it. Node CPU is this process's (the load loop, the pg client, Kysely, the ` +
      `LISTEN connection); Postgres CPU is the postmaster and all its children, the idle ` +
      `server's own connections included. The server under test is idle meanwhile.`,
    `Commit batching: at most ${settings.batchWriters} transactions in flight, up to ` +
      `${settings.maxBatch} commands each; "per commit" is the average number of commands per ` +
      `transaction. Notifications received by the LISTEN connection: ${fmt.int(notifications)}.`,
  ];
  return {
    sections: [
      {
        title: `Round-trip strategies — one command written five ways (schema ${schema}, dropped)`,
        grid: cellGrid(cells),
        notes,
      },
    ],
  };
}
