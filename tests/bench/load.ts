import { performance } from 'node:perf_hooks';
import type { HttpPool, HttpResult } from './http-pool';

export interface ClosedLoopResult {
  requestsPerSecond: number;
  ok: number;
  errors: number;
  latenciesMs: number[];
}

/**
 * Max-rate load: `concurrency` workers each send the next request as soon as the last answered.
 * Only answers that arrive inside the measuring window (after the warm-up) count.
 */
export async function closedLoop(options: {
  pool: HttpPool;
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  send: (pool: HttpPool) => Promise<HttpResult>;
  okStatus: number;
}): Promise<ClosedLoopResult> {
  const { pool, send, okStatus } = options;
  const start = performance.now();
  const windowStart = start + options.warmupMs;
  const end = windowStart + options.durationMs;
  let ok = 0;
  let errors = 0;
  const latenciesMs: number[] = [];
  const worker = async () => {
    for (;;) {
      const sentAt = performance.now();
      if (sentAt >= end) return;
      const status = await send(pool).then(
        (result) => result.status,
        () => 0,
      );
      const doneAt = performance.now();
      if (doneAt < windowStart || doneAt > end) continue;
      if (status === okStatus) {
        ok += 1;
        latenciesMs.push(doneAt - sentAt);
      } else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { requestsPerSecond: ok / (options.durationMs / 1000), ok, errors, latenciesMs };
}

export interface OpenLoopResult {
  sent: number;
  ok: number;
  errors: number;
  /** From the first scheduled send to the last answer. */
  elapsedMs: number;
  /** Requests still unanswered when the drain deadline passed. */
  unanswered: number;
  maxQueued: number;
  latenciesMs: number[];
}

/**
 * Steady-rate load on a fixed schedule (request i is due at start + i/rate), independent of how
 * fast answers come back. Latency is taken from the scheduled time, so a backlog in the client
 * counts against the server instead of silently lowering the offered rate.
 */
export async function openLoop(options: {
  pool: HttpPool;
  rate: number;
  durationMs: number;
  drainMs: number;
  send: (pool: HttpPool) => Promise<HttpResult>;
  okStatus: number;
}): Promise<OpenLoopResult> {
  const { pool, rate, okStatus } = options;
  const total = Math.max(1, Math.round((rate * options.durationMs) / 1000));
  const intervalMs = 1000 / rate;
  const latenciesMs: number[] = [];
  let sent = 0;
  let ok = 0;
  let errors = 0;
  let answered = 0;
  let maxQueued = 0;
  let lastAnswerAt = 0;
  const start = performance.now();

  let allAnswered: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });

  const fire = (dueAt: number) => {
    options.send(pool).then(
      (result) => {
        const now = performance.now();
        lastAnswerAt = now;
        if (result.status === okStatus) {
          ok += 1;
          latenciesMs.push(now - dueAt);
        } else errors += 1;
        if (++answered === total) allAnswered();
      },
      () => {
        lastAnswerAt = performance.now();
        errors += 1;
        if (++answered === total) allAnswered();
      },
    );
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - start) / intervalMs) + 1);
      while (sent < due) {
        fire(start + sent * intervalMs);
        sent += 1;
      }
      maxQueued = Math.max(maxQueued, pool.queued);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });

  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    done,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.drainMs);
    }),
  ]);
  clearTimeout(timer);
  return {
    sent,
    ok,
    errors,
    elapsedMs: (answered > 0 ? lastAnswerAt : performance.now()) - start,
    unanswered: total - answered,
    maxQueued,
    latenciesMs,
  };
}
