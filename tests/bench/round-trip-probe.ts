/**
 * Loaded into the server process by the benchmark (`node --import tsx --import <this file>`):
 * counts every query the process sends to Postgres, whatever sent it — commands, the session
 * look-ups in front of them, the relay's reads, workers, LISTEN/NOTIFY — and answers the count
 * on a port of its own. `pg.Client.prototype.query` is where every pg round trip starts: the
 * server's PreparedStatementClient calls it (through `super.query`) once per plain query, once
 * per named prepared statement and once per pipeline, so each round trip counts exactly once.
 * Nothing of the product changes; the server's own per-command counters stay the reference for
 * commands (GET /api/test/command-stats).
 *
 * `/stalls` answers, and then resets, the longest the event loop was held and the longest and
 * total garbage collection pauses since the last `/stalls`: what a step of a load saw on the
 * server's side.
 */
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';

let queries = 0;
/** Counts by the statement's opening text, so a report can say where the round trips go. */
const shapes = new Map<string, number>();
const MAX_SHAPES = 300;

function shapeOf(config: unknown): string {
  const text =
    typeof config === 'string'
      ? config
      : typeof config === 'object' && config !== null && 'text' in config
        ? String((config as { text: unknown }).text)
        : '?';
  if (text === 'pipeline') {
    // server/db/pipeline.ts: a PipelineQuery carries its statements.
    const first = (config as { statements?: { sql: string }[] }).statements?.[0]?.sql ?? '';
    const count = (config as { statements?: unknown[] }).statements?.length ?? 0;
    return `pipeline of ${count}: ${first.slice(0, 140).replace(/\s+/g, ' ').slice(0, 70)}`;
  }
  // Only the opening is looked at: the probe must cost the server next to nothing per query.
  return text.slice(0, 180).replace(/\s+/g, ' ').trim().slice(0, 90);
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const prototype = pg.Client.prototype as unknown as { query: Query };
const original = prototype.query;
prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  const shape = shapeOf(args[0]);
  const known = shapes.get(shape);
  if (known !== undefined) shapes.set(shape, known + 1);
  else if (shapes.size < MAX_SHAPES) shapes.set(shape, 1);
  else shapes.set('(other shapes)', (shapes.get('(other shapes)') ?? 0) + 1);
  return original.apply(this, args);
};

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let gc = { maxMs: 0, totalMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gc.maxMs = Math.max(gc.maxMs, entry.duration);
    gc.totalMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

function takeStalls() {
  const stalls = { loopMaxMs: loopDelay.max / 1e6, gcMaxMs: gc.maxMs, gcTotalMs: gc.totalMs };
  loopDelay.reset();
  gc = { maxMs: 0, totalMs: 0 };
  return stalls;
}

const port = Number(process.env.BENCH_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/stalls') res.end(JSON.stringify(takeStalls()));
    else res.end(JSON.stringify({ queries, shapes: Object.fromEntries(shapes) }));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
