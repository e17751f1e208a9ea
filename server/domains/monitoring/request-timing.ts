import type { RequestHandler } from 'express';
import { SERVER_METRICS } from '../../../shared/ops/monitoring';
import { recordServerMetric } from './telemetry-buffer';

/** Durations kept per route between two flushes; beyond it, a random sample replaces one. */
const SAMPLES_PER_ROUTE = 512;

interface RouteWindow {
  count: number;
  sum: number;
  max: number;
  samples: number[];
}

export interface RouteStats {
  route: string;
  count: number;
  avg: number;
  p95: number;
  max: number;
}

/** The value below which `fraction` of the sorted samples lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/**
 * Request durations aggregated in memory per route, so a request costs a map lookup and the
 * database sees one row per route every few seconds.
 */
export class RequestTimings {
  private windows = new Map<string, RouteWindow>();

  add(route: string, ms: number): void {
    let window = this.windows.get(route);
    if (!window) {
      window = { count: 0, sum: 0, max: 0, samples: [] };
      this.windows.set(route, window);
    }
    window.count += 1;
    window.sum += ms;
    window.max = Math.max(window.max, ms);
    if (window.samples.length < SAMPLES_PER_ROUTE) {
      window.samples.push(ms);
    } else {
      // Reservoir sampling keeps every request equally likely to be in the sample.
      const slot = Math.floor(Math.random() * window.count);
      if (slot < SAMPLES_PER_ROUTE) window.samples[slot] = ms;
    }
  }

  take(): RouteStats[] {
    const windows = this.windows;
    this.windows = new Map();
    return [...windows].map(([route, w]) => {
      const sorted = w.samples.sort((a, b) => a - b);
      return {
        route,
        count: w.count,
        avg: w.sum / w.count,
        p95: percentile(sorted, 0.95),
        max: w.max,
      };
    });
  }
}

/** One per process (see telemetry-buffer.ts); the monitoring worker flushes it. */
export const requestTimings = new RequestTimings();

/** Measures each API request and files it under its route pattern, not its concrete URL. */
export const timeRequests: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // A route at its segment's root is `/` on that segment's router (server/http/mount-routes.ts).
    const route = req.route ? String(req.route.path) : null;
    const pattern = route === null ? '(unmatched)' : `${req.baseUrl}${route === '/' ? '' : route}`;
    requestTimings.add(`${req.method} ${pattern}`, ms);
  });
  next();
};

/** Moves the window's per-route figures into the telemetry buffer as metrics. */
export function flushRequestTimings(at = new Date()): void {
  for (const stats of requestTimings.take()) {
    recordServerMetric(
      {
        name: SERVER_METRICS.requestDuration,
        value: stats.p95,
        unit: 'ms',
        tags: {
          route: stats.route.slice(0, 200),
          count: String(stats.count),
          avg: stats.avg.toFixed(2),
          max: stats.max.toFixed(2),
        },
      },
      at,
    );
  }
}
