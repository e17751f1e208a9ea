import { formatDuration } from '../../../shared/ops/monitoring';
import type { AlertContent } from './alert-commands';

/** Each rule is one name; at most one alert per rule is open at a time. */
export const ALERT_RULES = {
  errorRate: 'error-rate',
  slowResponses: 'slow-responses',
  relayLag: 'relay-lag',
  databaseUnreachable: 'database-unreachable',
} as const;
export type AlertRule = (typeof ALERT_RULES)[keyof typeof ALERT_RULES];
export type MeasuredRule = Exclude<AlertRule, 'database-unreachable'>;

export interface RuleThresholds {
  errorsPerMinute: number;
  /** p95 response time above this, in every minute of `slowMinutes`. */
  slowP95Ms: number;
  slowMinutes: number;
  relayLagMs: number;
}

export const DEFAULT_THRESHOLDS: Omit<RuleThresholds, 'errorsPerMinute'> = {
  slowP95Ms: 1000,
  slowMinutes: 5,
  relayLagMs: 5000,
};

export interface Measurements {
  errorsLastMinute: number;
  /** p95 of each of the last `slowMinutes` minutes, oldest first; null for a minute with no requests. */
  p95ByMinute: (number | null)[];
  /** The highest relay lag any process reported lately; null when none reported. */
  relayLagMs: number | null;
}

export function ruleHolds(rule: MeasuredRule, m: Measurements, t: RuleThresholds): boolean {
  switch (rule) {
    case 'error-rate':
      return m.errorsLastMinute > t.errorsPerMinute;
    case 'slow-responses':
      // Sustained means every minute of the window had requests and all were slow.
      return (
        m.p95ByMinute.length >= t.slowMinutes &&
        m.p95ByMinute.every((p95) => p95 !== null && p95 > t.slowP95Ms)
      );
    case 'relay-lag':
      return m.relayLagMs !== null && m.relayLagMs > t.relayLagMs;
  }
}

export type RuleDecision = 'raise' | 'resolve' | null;

/** What to do about a rule, given whether its condition holds and whether its alert is open. */
export function decide(holds: boolean, open: boolean): RuleDecision {
  if (holds && !open) return 'raise';
  if (!holds && open) return 'resolve';
  return null;
}

export function alertContent(
  rule: AlertRule,
  m: Measurements | null,
  t: RuleThresholds,
): AlertContent {
  switch (rule) {
    case 'error-rate':
      return {
        title: 'High error rate',
        message: `${m?.errorsLastMinute ?? 0} errors in the last minute (threshold ${t.errorsPerMinute} per minute).`,
        severity: 'high',
      };
    case 'slow-responses': {
      const worst = Math.min(...(m?.p95ByMinute ?? []).map((v) => v ?? 0));
      return {
        title: 'Slow responses',
        message: `p95 response time above ${formatDuration(t.slowP95Ms)} for ${t.slowMinutes} minutes (at least ${formatDuration(worst)}).`,
        severity: 'high',
      };
    }
    case 'relay-lag':
      return {
        title: 'Live updates are behind',
        message: `The live relay is ${formatDuration(m?.relayLagMs ?? 0)} behind the event log (threshold ${formatDuration(t.relayLagMs)}).`,
        severity: 'medium',
      };
    case 'database-unreachable':
      return {
        title: 'Database unreachable',
        message: 'The server cannot reach the database.',
        severity: 'critical',
      };
  }
}
