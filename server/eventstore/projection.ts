import type { EventType } from '../../shared/events';
import type { Database } from '../db/schema';
import type { Statement } from '../db/statement';
import type { RecordedEvent } from './stored-event';

/**
 * A read model kept by folding events. `project` is pure: it returns the statements that apply
 * one event, and they run in the event's own transaction, after the statements of the
 * projections listed before this one. Whatever a projection must know beyond the event it reads
 * inside those statements (a subquery, a lock then an update), never in JavaScript between
 * them: that is what lets a command append, project and commit in one round trip.
 * `tables` are the tables it owns, emptied before a rebuild replays the log into them.
 */
export interface Projection {
  name: string;
  tables: (keyof Database)[];
  handles: readonly EventType[];
  project(event: RecordedEvent): Statement[];
  /**
   * Statements that run before the events are appended (advisory locks), asked of every event,
   * handled or not. A projection whose writes depend on the order in which transactions run
   * locks here, before the events take their log positions: the positions then rise in the
   * order its writes ran, and a rebuild, which replays by position, runs them in that order.
   */
  locks?(event: RecordedEvent): Statement[];
}

/** The projections' locks for the events, each statement once, in the order first asked. */
export function projectLocks(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Statement[] {
  const taken = new Map<string, Statement>();
  for (const event of events) {
    for (const projection of projections) {
      for (const lock of projection.locks?.(event) ?? []) {
        taken.set(JSON.stringify([lock.sql, lock.parameters]), lock);
      }
    }
  }
  return [...taken.values()];
}

/** Every statement the projections make of the events, in order. */
export function projectAll(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Statement[] {
  const out: Statement[] = [];
  for (const event of events) {
    for (const projection of projections) {
      if (projection.handles.includes(event.type)) out.push(...projection.project(event));
    }
  }
  return out;
}
