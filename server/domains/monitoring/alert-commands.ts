import { randomUUID } from 'node:crypto';
import {
  MONITORING_MESSAGES,
  type Alert,
  type CreateAlertInput,
  type MonitoringSeverity,
} from '../../../shared/ops/monitoring';
import { appendTo, defineCommand } from '../../core/command';
import { notFound } from '../../core/errors';
import { lock } from '../../core/guards';
import { first, mapRead, streamVersion, type Read } from '../../core/reads';
import { qb } from '../../db/statement';
import { alertStreamId } from './alerts-projection';
import { presentAlert } from './presenters';

export interface Operator {
  id: string;
  name: string;
}

export interface AlertContent {
  title: string;
  message: string;
  severity: MonitoringSeverity;
}

/** The alert as it stands after the write, read in the write's round trip. */
function alertRead(alertId: string): Read<Alert> {
  return mapRead(first(qb.selectFrom('alerts').selectAll().where('id', '=', alertId)), (row) =>
    presentAlert(row!),
  );
}

const raised = (
  alertId: string,
  content: AlertContent,
  rule: string | null,
  raisedAt: Date,
  raisedBy: string | null,
) => ({
  type: 'AlertRaised' as const,
  data: { alertId, rule, ...content, raisedAt: raisedAt.toISOString(), raisedBy },
});

/** An operator raises an alert by hand (spec 002 §7 "create alert"). */
export const createAlert = defineCommand({
  name: 'monitoring.createAlert',
  load: () => ({}),
  decide(_state, { input, operator }: { input: CreateAlertInput; operator: Operator }) {
    const alertId = randomUUID();
    return {
      appends: [
        appendTo(alertStreamId(alertId), 0, [
          raised(alertId, input, null, new Date(), operator.id),
        ]),
      ],
      reply: alertRead(alertId),
    };
  },
});

/** Records who acknowledged; the second of two racing operators gets the alert as the first left it. */
export const acknowledgeAlert = defineCommand({
  name: 'monitoring.acknowledgeAlert',
  load: ({ alertId }: { alertId: string; operator: Operator }) => ({
    alert: first(qb.selectFrom('alerts').select('acknowledged').where('id', '=', alertId)),
    version: streamVersion(alertStreamId(alertId)),
  }),
  decide({ alert, version }, { alertId, operator }) {
    if (!alert) throw notFound(MONITORING_MESSAGES.alertNotFound);
    if (alert.acknowledged) return { reply: alertRead(alertId) };
    return {
      appends: [
        appendTo(alertStreamId(alertId), version, [
          {
            type: 'AlertAcknowledged',
            data: { alertId, userId: operator.id, name: operator.name },
          },
        ]),
      ],
      reply: alertRead(alertId),
    };
  },
});

/**
 * Every decision about one rule is serialised across processes: whoever holds the rule's lock
 * sees what the previous holder committed, so a rule never has two open alerts.
 */
const lockRule = (rule: string) => [lock(`alert-rule:${rule}`)];

const openAlertOf = (rule: string) =>
  first(
    qb
      .selectFrom('alerts')
      .select(['id', 'version'])
      .where('rule', '=', rule)
      .where('resolved', '=', false),
  );

/** Raises the rule's alert unless one is open already; answers the new alert or null. */
export const raiseRuleAlert = defineCommand({
  name: 'monitoring.raiseRuleAlert',
  serialize: ({ rule }: { rule: string; content: AlertContent; raisedAt: Date }) => lockRule(rule),
  load: ({ rule }) => ({ open: openAlertOf(rule) }),
  decide({ open }, { rule, content, raisedAt }) {
    if (open) return { result: null };
    const alertId = randomUUID();
    return {
      appends: [
        appendTo(alertStreamId(alertId), 0, [raised(alertId, content, rule, raisedAt, null)]),
      ],
      reply: alertRead(alertId) as Read<Alert | null>,
    };
  },
});

/** Resolves the rule's open alert, if it has one. */
export const resolveRuleAlert = defineCommand({
  name: 'monitoring.resolveRuleAlert',
  serialize: ({ rule }: { rule: string; resolvedAt: Date }) => lockRule(rule),
  load: ({ rule }) => ({ open: openAlertOf(rule) }),
  decide({ open }, { resolvedAt }) {
    if (!open) return { result: null };
    return {
      appends: [
        appendTo(alertStreamId(open.id), open.version, [
          {
            type: 'AlertResolved',
            data: { alertId: open.id, resolvedAt: resolvedAt.toISOString() },
          },
        ]),
      ],
      reply: alertRead(open.id) as Read<Alert | null>,
    };
  },
});

export interface PendingOutage {
  alertId: string;
  rule: string;
  content: AlertContent;
  raisedAt: Date;
}

/**
 * Appends an outage seen while the database was unreachable, raised and resolved in one go,
 * unless another process already recorded an alert of this rule overlapping it.
 */
export const recordOutage = defineCommand({
  name: 'monitoring.recordOutage',
  serialize: ({ pending }: { pending: PendingOutage; resolvedAt: Date }) => lockRule(pending.rule),
  load: ({ pending }) => ({
    overlapping: first(
      qb
        .selectFrom('alerts')
        .select('id')
        .where('rule', '=', pending.rule)
        .where((eb) =>
          eb.or([eb('resolved_at', '>=', pending.raisedAt), eb('resolved', '=', false)]),
        ),
    ),
  }),
  decide({ overlapping }, { pending, resolvedAt }) {
    if (overlapping) return { result: null };
    const { alertId } = pending;
    return {
      appends: [
        appendTo(alertStreamId(alertId), 0, [
          raised(alertId, pending.content, pending.rule, pending.raisedAt, null),
          { type: 'AlertResolved', data: { alertId, resolvedAt: resolvedAt.toISOString() } },
        ]),
      ],
      reply: alertRead(alertId) as Read<Alert | null>,
    };
  },
});
