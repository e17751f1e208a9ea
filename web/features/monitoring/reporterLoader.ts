import { afterFirstPage } from '../../lib/afterFirstPage';
import { logProblem } from '../logs';
import type * as ReporterModule from './reporter';

type Reporter = typeof ReporterModule;

let loading: Promise<Reporter> | null = null;

/**
 * Runs `use` with the monitoring reporter once it has loaded. The reporter (queues, budgets,
 * batching, web vitals) is not needed to draw the first page, so it loads once that page has
 * loaded and is idle; calls made meanwhile run in the order they were made.
 */
export function withReporter(use: (reporter: Reporter) => void): void {
  loading ??= afterFirstPage()
    .then(() => import('./reporter'))
    .then((reporter) => {
      reporter.logReportedProblems(logProblem);
      return reporter;
    });
  void loading.then(use, () => {
    // A failed chunk load (say, after a deploy) is tried again on the next call.
    loading = null;
  });
}

/** Errors seen before the reporter took over; a loop of them keeps only the first few. */
const EARLY_MAX = 20;

/**
 * Listens for uncaught errors and rejections from the start, and hands them to the reporter,
 * with its own listeners and web vitals, once the page has loaded and is idle.
 */
export function startMonitoringCaptureSoon(): void {
  if (typeof window === 'undefined') return;
  const early: [unknown, string][] = [];
  const keep = (error: unknown, component: string) => {
    if (early.length < EARLY_MAX) early.push([error, component]);
  };
  const onError = (event: ErrorEvent) => keep(event.error ?? event.message, 'window');
  const onRejection = (event: PromiseRejectionEvent) => keep(event.reason, 'unhandledrejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  withReporter((reporter) => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    reporter.startMonitoringCapture();
    for (const [error, component] of early.splice(0)) reporter.captureError(error, component);
  });
}
