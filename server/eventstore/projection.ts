import type { EventType } from '../../shared/events';
import type { Database, Trx } from '../db/schema';
import type { StoredEvent } from './stored-event';

/**
 * A read model kept by folding events. `apply` runs inside the append transaction; `tables` are
 * the tables it owns, emptied before a rebuild replays the log into them.
 */
export interface Projection {
  name: string;
  tables: (keyof Database)[];
  handles: readonly EventType[];
  apply(event: StoredEvent, trx: Trx): Promise<void>;
}
