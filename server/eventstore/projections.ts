import type { Trx } from '../db/schema';
import { projections } from '../domains/projections';
import type { StoredEvent } from './stored-event';

export async function applyProjections(trx: Trx, events: StoredEvent[]): Promise<void> {
  for (const event of events) {
    for (const projection of projections) {
      if (projection.handles.includes(event.type)) await projection.apply(event, trx);
    }
  }
}
