import type { NotificationIntent } from '../../core/meanings';

/** A notification the relay saw raised, with the log position of the event that raised it. */
export interface Raised {
  recipientId: string;
  type: string;
  sourceKey: string;
  position: number;
}

/** A notification row as the read model holds it now. */
export interface NotificationRowKey {
  id: string;
  user_id: string;
  type: string;
  source_key: string;
  read: boolean;
}

/** A browser a member may be pushed to now: push on, no socket open anywhere. */
export interface Reachable {
  userId: string;
  subscriptionId: string;
}

export interface PlannedPush {
  subscriptionId: string;
  notificationId: string;
  /** The newest raising event among those the push stands for. */
  position: number;
}

const keyOf = (userId: string, type: string, sourceKey: string) =>
  `${userId}\u0000${type}\u0000${sourceKey}`;

/** The notifications raised by a batch of events, each once, at the newest event that raised it. */
export function raisedBy(
  events: readonly { globalPosition: number; intents: readonly NotificationIntent[] }[],
): Map<string, Raised> {
  const raised = new Map<string, Raised>();
  for (const { globalPosition, intents } of events) {
    for (const intent of intents) {
      const key = keyOf(intent.recipientId, intent.type, intent.sourceKey);
      const known = raised.get(key);
      if (!known || known.position < globalPosition) {
        raised.set(key, {
          recipientId: intent.recipientId,
          type: intent.type,
          sourceKey: intent.sourceKey,
          position: globalPosition,
        });
      }
    }
  }
  return raised;
}

/**
 * Which pushes to queue: one per browser and notification row, as the in-app list groups them
 * ("Ana and 3 others liked your post" is one push, however many likes the batch held). A row
 * carries the key of what last raised it, so an event whose notification a later one regrouped
 * finds no row, and the later event's push stands for both. A row already read (on another
 * device, meanwhile) or one the member's in-app preference never created is not pushed.
 */
export function planPushes(
  raised: ReadonlyMap<string, Raised>,
  rows: readonly NotificationRowKey[],
  reachable: readonly Reachable[],
): PlannedPush[] {
  const browsers = new Map<string, string[]>();
  for (const { userId, subscriptionId } of reachable) {
    browsers.set(userId, [...(browsers.get(userId) ?? []), subscriptionId]);
  }
  const planned = new Map<string, PlannedPush>();
  for (const row of rows) {
    const raisedHere = raised.get(keyOf(row.user_id, row.type, row.source_key));
    if (!raisedHere || row.read) continue;
    for (const subscriptionId of browsers.get(row.user_id) ?? []) {
      const key = `${subscriptionId}:${row.id}`;
      const known = planned.get(key);
      if (!known || known.position < raisedHere.position) {
        planned.set(key, { subscriptionId, notificationId: row.id, position: raisedHere.position });
      }
    }
  }
  return [...planned.values()];
}
