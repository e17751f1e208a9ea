import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { SERVER_METRICS, type Alert } from '../../../shared/ops/monitoring';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';
import { systemContext } from '../../core/context';
import type { CommandRunner } from '../../core/command-runner';
import {
  raiseRuleAlert,
  recordOutage,
  resolveRuleAlert,
  type PendingOutage,
} from './alert-commands';
import {
  ALERT_RULES,
  DEFAULT_THRESHOLDS,
  alertContent,
  decide,
  ruleHolds,
  type Measurements,
  type MeasuredRule,
  type RuleThresholds,
} from './rules';

/** Relay lag reports older than this no longer count (each process reports every few seconds). */
const RELAY_LAG_WINDOW_MS = 30_000;
const MEASURED_RULES: MeasuredRule[] = [
  ALERT_RULES.errorRate,
  ALERT_RULES.slowResponses,
  ALERT_RULES.relayLag,
];

export interface EvaluatorDeps {
  db: Db;
  commands: CommandRunner;
  config: Pick<Config, 'ALERT_ERROR_RATE_PER_MINUTE'>;
  logger?: Logger;
  /** Shows an alert to this process's operators without the database (used during an outage). */
  emitLocal?: (alert: Alert) => void;
}

export interface Evaluation {
  raised: Alert[];
  resolved: Alert[];
  databaseUp: boolean;
}

/** A database that hangs counts as unreachable as much as one that refuses. */
const PROBE_TIMEOUT_MS = 5000;

async function probe(db: Db): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function measure(db: Db, now: Date, t: RuleThresholds): Promise<Measurements> {
  const minute = 60_000;
  const windowStart = new Date(now.getTime() - t.slowMinutes * minute);
  const [errors, slow, lag] = await Promise.all([
    db
      .selectFrom('monitoring_events')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('type', '=', 'error')
      .where('occurred_at', '>', new Date(now.getTime() - minute))
      .where('occurred_at', '<=', now)
      .executeTakeFirstOrThrow(),
    // Each row is one route's p95 over a flush window; their p95 per minute approximates the
    // p95 of the minute's requests.
    db
      .selectFrom('performance_metrics')
      .select([
        sql<number>`floor(extract(epoch from (recorded_at - ${windowStart}::timestamptz)) / 60)::int`.as(
          'minute',
        ),
        sql<number>`percentile_cont(0.95) within group (order by value)`.as('p95'),
      ])
      .where('name', '=', SERVER_METRICS.requestDuration)
      .where('recorded_at', '>=', windowStart)
      .where('recorded_at', '<', now)
      .groupBy('minute')
      .execute(),
    db
      .selectFrom('performance_metrics')
      .select(sql<number | null>`max(value)`.as('lag'))
      .where('name', '=', SERVER_METRICS.relayLag)
      .where('recorded_at', '>', new Date(now.getTime() - RELAY_LAG_WINDOW_MS))
      .where('recorded_at', '<=', now)
      .executeTakeFirstOrThrow(),
  ]);
  const p95ByMinute: (number | null)[] = Array.from({ length: t.slowMinutes }, () => null);
  for (const row of slow) {
    if (row.minute >= 0 && row.minute < t.slowMinutes) p95ByMinute[row.minute] = row.p95;
  }
  return { errorsLastMinute: errors.count, p95ByMinute, relayLagMs: lag.lag };
}

/**
 * Evaluates the alert rules against the telemetry tables. Any number of processes may run one:
 * raising and resolving are serialised per rule in the database. An unreachable database is
 * remembered here, shown to this process's operators at once, and appended once it answers.
 */
export class RuleEvaluator {
  private outage: PendingOutage | null = null;
  private readonly thresholds: RuleThresholds;

  constructor(private readonly deps: EvaluatorDeps) {
    this.thresholds = {
      ...DEFAULT_THRESHOLDS,
      errorsPerMinute: deps.config.ALERT_ERROR_RATE_PER_MINUTE,
    };
  }

  get pendingOutage(): PendingOutage | null {
    return this.outage;
  }

  async evaluateRules(now = new Date()): Promise<Evaluation> {
    const result: Evaluation = { raised: [], resolved: [], databaseUp: true };
    try {
      await probe(this.deps.db);
    } catch (error) {
      this.noteOutage(now, error);
      return { ...result, databaseUp: false };
    }
    if (this.outage) {
      const recorded = await this.deps.commands.run(
        recordOutage,
        { pending: this.outage, resolvedAt: now },
        systemContext(),
      );
      this.outage = null;
      if (recorded) result.resolved.push(recorded);
    }

    const measurements = await measure(this.deps.db, now, this.thresholds);
    const openRules = new Set(
      (
        await this.deps.db
          .selectFrom('alerts')
          .select('rule')
          .where('resolved', '=', false)
          .where('rule', 'is not', null)
          .execute()
      ).map((row) => row.rule),
    );
    for (const rule of MEASURED_RULES) {
      const decision = decide(ruleHolds(rule, measurements, this.thresholds), openRules.has(rule));
      if (decision === 'raise') {
        const content = alertContent(rule, measurements, this.thresholds);
        const alert = await this.deps.commands.run(
          raiseRuleAlert,
          { rule, content, raisedAt: now },
          systemContext(),
        );
        if (alert) result.raised.push(alert);
      } else if (decision === 'resolve') {
        const alert = await this.deps.commands.run(
          resolveRuleAlert,
          { rule, resolvedAt: now },
          systemContext(),
        );
        if (alert) result.resolved.push(alert);
      }
    }
    return result;
  }

  private noteOutage(now: Date, error: unknown): void {
    if (this.outage) return;
    const rule = ALERT_RULES.databaseUnreachable;
    this.outage = {
      alertId: randomUUID(),
      rule,
      content: alertContent(rule, null, this.thresholds),
      raisedAt: now,
    };
    this.deps.logger?.error({ err: error }, 'database unreachable: alert pending until it answers');
    this.deps.emitLocal?.({
      id: this.outage.alertId,
      ...this.outage.content,
      timestamp: now.toISOString(),
      rule,
      acknowledged: false,
      acknowledgedBy: null,
      acknowledgedAt: null,
      resolved: false,
      resolvedAt: null,
      version: 0,
    });
  }
}
