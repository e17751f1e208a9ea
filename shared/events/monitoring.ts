import { z } from 'zod';
import { MONITORING_SEVERITIES } from '../ops/monitoring';

/**
 * Alert state changes (spec 002 §3 Monitoring). Telemetry itself never enters the log. Each
 * alert is a stream of its own, `alert-<alertId>`.
 */
export const monitoringEvents = {
  AlertRaised: z.strictObject({
    alertId: z.uuid(),
    /** The rule that raised it; null when an operator created it. */
    rule: z.string().min(1).max(100).nullable(),
    title: z.string().min(1).max(200),
    message: z.string().min(1).max(2000),
    severity: z.enum(MONITORING_SEVERITIES),
    /** When the condition was seen: an outage is appended only once the database answers. */
    raisedAt: z.iso.datetime(),
    raisedBy: z.uuid().nullable(),
  }),
  AlertAcknowledged: z.strictObject({
    alertId: z.uuid(),
    userId: z.uuid(),
    /** The operator's display name as it was when they acknowledged. */
    name: z.string().min(1).max(200),
  }),
  AlertResolved: z.strictObject({
    alertId: z.uuid(),
    resolvedAt: z.iso.datetime(),
  }),
};
