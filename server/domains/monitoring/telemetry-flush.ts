import type { Db } from '../../db/schema';
import { flushRequestTimings } from './request-timing';
import { restoreBuffered, takeBuffered } from './telemetry-buffer';
import { insertEvents, insertMetrics, publishTelemetry } from './telemetry-store';

/**
 * Writes what the server buffered about itself (request timings included) in one insert per
 * table and tells operators. A failed write puts it back for the next flush.
 */
export async function flushServerTelemetry(db: Db, at = new Date()): Promise<number> {
  flushRequestTimings(at);
  const taken = takeBuffered();
  if (taken.events.length + taken.metrics.length === 0) return 0;
  let inserted;
  try {
    inserted = await db.transaction().execute(async (trx) => {
      const events = await insertEvents(
        trx,
        taken.events.map((e) => ({
          type: e.type,
          severity: e.severity,
          message: e.message,
          url: e.context?.url ?? null,
          component: e.metadata?.component ?? null,
          user_id: e.userId,
          occurred_at: e.at,
          stack_trace: e.stackTrace ?? null,
          source: 'server' as const,
        })),
      );
      const metrics = await insertMetrics(
        trx,
        taken.metrics.map((m) => ({
          name: m.name,
          value: m.value,
          unit: m.unit,
          tags: JSON.stringify(m.tags ?? {}),
          recorded_at: m.at,
        })),
      );
      return { events, metrics };
    });
  } catch (error) {
    restoreBuffered(taken);
    throw error;
  }
  await publishTelemetry(db, inserted.events, inserted.metrics);
  return inserted.events.length + inserted.metrics.length;
}
