import { sql } from 'kysely';
import type { BadgeCounter } from '../../../shared/badges';
import type { EventType } from '../../../shared/events';
import type { Projection } from '../../eventstore/projection';
import type { StoredEvent } from '../../eventstore/stored-event';

const COLUMN: Record<BadgeCounter, 'notifications' | 'messages' | 'friend_requests'> = {
  notifications: 'notifications',
  messages: 'messages',
  friendRequests: 'friend_requests',
};

const handles = ['UserRegistered', 'TestCounterAdjusted'] as const satisfies readonly EventType[];

/**
 * Badge counts per member. `version` counts the row's changes: it rises with every change in
 * commit order (the row lock orders writers), which a global position would not guarantee.
 */
export const badgesProjection: Projection = {
  name: 'badges',
  tables: ['badges'],
  handles,
  async apply(event, trx) {
    switch (event.type) {
      case 'UserRegistered':
        await trx.insertInto('badges').values({ user_id: event.data.userId }).execute();
        return;
      case 'TestCounterAdjusted': {
        const column = COLUMN[event.data.counter];
        await trx
          .updateTable('badges')
          .set({
            [column]: sql`greatest(${sql.ref(column)} + ${event.data.delta}, 0)`,
            version: sql`version + 1`,
          })
          .where('user_id', '=', event.data.userId)
          .execute();
        return;
      }
      default:
        return;
    }
  },
};

/** The members whose badges an event may have changed. */
export function badgeAudience(event: StoredEvent): string[] {
  switch (event.type) {
    case 'TestCounterAdjusted':
      return [event.data.userId];
    default:
      return [];
  }
}
