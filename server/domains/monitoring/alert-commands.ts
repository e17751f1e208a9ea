import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  MONITORING_MESSAGES,
  type Alert,
  type CreateAlertInput,
  type MonitoringSeverity,
} from '../../../shared/ops/monitoring';
import type { Db, Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { notFound } from '../../http/errors';
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

async function readAlert(trx: Trx, alertId: string): Promise<Alert> {
  const row = await trx
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', alertId)
    .executeTakeFirstOrThrow();
  return presentAlert(row);
}

async function appendRaised(
  trx: Trx,
  content: AlertContent,
  rule: string | null,
  raisedAt: Date,
  raisedBy: string | null,
): Promise<string> {
  const alertId = randomUUID();
  await append(
    trx,
    alertStreamId(alertId),
    0,
    [
      {
        type: 'AlertRaised',
        data: { alertId, rule, ...content, raisedAt: raisedAt.toISOString(), raisedBy },
      },
    ],
    raisedBy ? { actorId: raisedBy } : {},
  );
  return alertId;
}

/** An operator raises an alert by hand (spec 002 §7 "create alert"). */
export async function createAlert(db: Db, input: CreateAlertInput, operator: Operator) {
  return db.transaction().execute(async (trx) => {
    const alertId = await appendRaised(trx, input, null, new Date(), operator.id);
    return readAlert(trx, alertId);
  });
}

/**
 * Records who acknowledged. The row is locked first, so two operators racing are served one
 * after the other; the second gets the alert as the first left it.
 */
export async function acknowledgeAlert(db: Db, alertId: string, operator: Operator) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('alerts')
      .select(['acknowledged', 'version'])
      .where('id', '=', alertId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MONITORING_MESSAGES.alertNotFound);
    if (!row.acknowledged) {
      await append(
        trx,
        alertStreamId(alertId),
        row.version,
        [
          {
            type: 'AlertAcknowledged',
            data: { alertId, userId: operator.id, name: operator.name },
          },
        ],
        { actorId: operator.id },
      );
    }
    return readAlert(trx, alertId);
  });
}

/**
 * Serialises every decision about one rule across processes: whoever holds the lock sees what
 * the previous holder committed, so a rule never has two open alerts.
 */
async function lockRule(trx: Trx, rule: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`alert-rule:${rule}`}))`.execute(trx);
}

async function openAlertOf(trx: Trx, rule: string) {
  return trx
    .selectFrom('alerts')
    .select(['id', 'version'])
    .where('rule', '=', rule)
    .where('resolved', '=', false)
    .executeTakeFirst();
}

/** Raises the rule's alert unless one is open already; returns the new alert or null. */
export async function raiseRuleAlert(
  db: Db,
  rule: string,
  content: AlertContent,
  raisedAt: Date,
): Promise<Alert | null> {
  return db.transaction().execute(async (trx) => {
    await lockRule(trx, rule);
    if (await openAlertOf(trx, rule)) return null;
    const alertId = await appendRaised(trx, content, rule, raisedAt, null);
    return readAlert(trx, alertId);
  });
}

/** Resolves the rule's open alert, if it has one. */
export async function resolveRuleAlert(
  db: Db,
  rule: string,
  resolvedAt: Date,
): Promise<Alert | null> {
  return db.transaction().execute(async (trx) => {
    await lockRule(trx, rule);
    const open = await openAlertOf(trx, rule);
    if (!open) return null;
    await append(trx, alertStreamId(open.id), open.version, [
      { type: 'AlertResolved', data: { alertId: open.id, resolvedAt: resolvedAt.toISOString() } },
    ]);
    return readAlert(trx, open.id);
  });
}

/**
 * Appends an outage seen while the database was unreachable, raised and resolved in one go,
 * unless another process already recorded an alert of this rule overlapping it.
 */
export async function recordOutage(
  db: Db,
  pending: { alertId: string; rule: string; content: AlertContent; raisedAt: Date },
  resolvedAt: Date,
): Promise<Alert | null> {
  return db.transaction().execute(async (trx) => {
    await lockRule(trx, pending.rule);
    const overlapping = await trx
      .selectFrom('alerts')
      .select('id')
      .where('rule', '=', pending.rule)
      .where((eb) => eb.or([eb('resolved_at', '>=', pending.raisedAt), eb('resolved', '=', false)]))
      .executeTakeFirst();
    if (overlapping) return null;
    const { alertId } = pending;
    await append(trx, alertStreamId(alertId), 0, [
      {
        type: 'AlertRaised',
        data: {
          alertId,
          rule: pending.rule,
          ...pending.content,
          raisedAt: pending.raisedAt.toISOString(),
          raisedBy: null,
        },
      },
      { type: 'AlertResolved', data: { alertId, resolvedAt: resolvedAt.toISOString() } },
    ]);
    return readAlert(trx, alertId);
  });
}
