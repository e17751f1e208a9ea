import type { StoredEvent } from '../../server/eventstore/stored-event';

/** An event as the relay hands it to pushers and caches, for unit tests that need no log. */
export const storedEvent = (
  type: string,
  data: Record<string, unknown>,
  streamId = 'x',
): StoredEvent =>
  ({
    type,
    data,
    streamId,
    streamVersion: 1,
    metadata: {},
    occurredAt: new Date(),
    globalPosition: 1,
    transactionId: '1',
  }) as unknown as StoredEvent;
