import type { RawBuilder } from 'kysely';
import type { BadgeCounter } from '../../shared/badges';
import type { EventData, EventType } from '../../shared/events';
import type { NotificationType } from '../../shared/social/notifications';
import type { RecordedEvent } from '../eventstore/stored-event';

/** Members named by id, by a query answering `user_id` rows (a conversation's participants), or both. */
export interface Members {
  ids?: readonly string[];
  query?: RawBuilder<{ user_id: string }>;
}

/** A notification an event raises for one member. */
export interface NotificationIntent {
  recipientId: string;
  actorId: string;
  type: NotificationType;
  /** What raised it (a request's id, a post's id): how the push finds the row again. */
  sourceKey: string;
  actionUrl: string;
  actionData: Record<string, unknown>;
  /** The note that came with it, shown as the body when there is one. */
  message: string | null;
  /** Which unread notifications it merges with: by default every one of its type. */
  groupKey?: string;
}

/** An actor taking back what raised a notification (an unlike): they leave its group. */
export interface NotificationWithdrawal {
  recipientId: string;
  actorId: string;
  /** The group the intent it undoes was merged into (`groupKey`, else its type). */
  groupKey: string;
}

/** How a notification type reads, with one actor or grouped ("Ana and 3 others ..."). */
export interface NotificationWording {
  one(actorName: string): string;
  many(actorName: string, others: string): string;
  content(actorName: string, message: string | null): string;
}

/** What an event does to the members' badges. */
export interface BadgeEffect {
  /** Recount these members' counters from the read models. */
  recount?: Members;
  /** Which counters `recount` counts: those the event can move (every one when unset). */
  counters?: readonly BadgeCounter[];
  /** A change known exactly (a new message): move one counter without recounting. */
  increment?: { counter: BadgeCounter; by: number; members: Members };
  /**
   * The effect applies only where this holds in the event's transaction, once every other
   * projection has run: a like merged into a notification the author already had changes no
   * count, so it is not recounted.
   */
  onlyIf?: RawBuilder<boolean>;
}

type RecordedOf<T extends EventType> = Extract<RecordedEvent, { type: T }>;

/**
 * What an event means outside the domain that emits it, declared by that domain: the consumers
 * (notifications, badges, other domains' pushers) read these declarations and never switch over
 * another domain's event types.
 */
export interface EventMeaning<T extends EventType> {
  /** A new member: per-member read models start their row. */
  joins?(data: EventData<T>): string;
  /** A member is gone: per-member read models drop their row. */
  leaves?(data: EventData<T>): string;
  /** This member's card as others see it changed (privacy, name, avatar). */
  memberChanged?(data: EventData<T>): string;
  notifies?(event: RecordedOf<T>): readonly NotificationIntent[];
  withdraws?(event: RecordedOf<T>): readonly NotificationWithdrawal[];
  badges?(data: EventData<T>, event: RecordedOf<T>): BadgeEffect;
}

export type EventMeanings = { [T in EventType]?: EventMeaning<T> };

/** How one badge counter is counted for the member `userId` (an SQL expression). */
export type CounterSource = (userId: RawBuilder<string>) => RawBuilder<number>;

export interface ModuleMeanings {
  events?: EventMeanings;
  notificationWording?: Partial<Record<NotificationType, NotificationWording>>;
  badgeCounters?: Partial<Record<BadgeCounter, CounterSource>>;
}
