import type { BadgeCounter } from '../../shared/badges';
import type { EventType } from '../../shared/events';
import type { NotificationType } from '../../shared/social/notifications';
import type { RecordedEvent } from '../eventstore/stored-event';
import type {
  BadgeEffect,
  CounterSource,
  EventMeaning,
  ModuleMeanings,
  NotificationIntent,
  NotificationWithdrawal,
  NotificationWording,
} from './meanings';

/** One event's meaning, read through the event itself: the union is matched by its type. */
type AnyMeaning = {
  joins?(data: unknown): string;
  leaves?(data: unknown): string;
  memberChanged?(data: unknown): string;
  notifies?(event: RecordedEvent): readonly NotificationIntent[];
  withdraws?(event: RecordedEvent): readonly NotificationWithdrawal[];
  badges?(data: unknown, event: RecordedEvent): BadgeEffect;
};

/**
 * Every module's declarations in one place, checked once at start: an event type declared twice
 * or a badge counter without a source stops the process with the reason.
 */
export class MeaningCatalogue {
  private readonly events = new Map<EventType, AnyMeaning>();
  private readonly wording = new Map<NotificationType, NotificationWording>();
  private readonly counters = new Map<BadgeCounter, CounterSource>();

  constructor(declarations: readonly { module: string; meanings: ModuleMeanings }[]) {
    for (const { module, meanings } of declarations) {
      for (const [type, meaning] of Object.entries(meanings.events ?? {})) {
        if (this.events.has(type as EventType)) {
          throw new Error(`${module} declares the meaning of ${type}, which is declared already`);
        }
        this.events.set(type as EventType, meaning as EventMeaning<EventType> as AnyMeaning);
      }
      for (const [type, wording] of Object.entries(meanings.notificationWording ?? {})) {
        this.wording.set(type as NotificationType, wording);
      }
      for (const [counter, source] of Object.entries(meanings.badgeCounters ?? {})) {
        if (this.counters.has(counter as BadgeCounter)) {
          throw new Error(`${module} counts the ${counter} badge, which is counted already`);
        }
        this.counters.set(counter as BadgeCounter, source);
      }
    }
  }

  private of(type: EventType): AnyMeaning | undefined {
    return this.events.get(type);
  }

  /** Event types whose meaning declares `aspect`: what a consuming projection handles. */
  typesDeclaring(aspect: keyof AnyMeaning): EventType[] {
    return [...this.events].filter(([, meaning]) => meaning[aspect]).map(([type]) => type);
  }

  joins(event: RecordedEvent): string | null {
    return this.of(event.type)?.joins?.(event.data) ?? null;
  }

  leaves(event: RecordedEvent): string | null {
    return this.of(event.type)?.leaves?.(event.data) ?? null;
  }

  memberChanged(event: RecordedEvent): string | null {
    return this.of(event.type)?.memberChanged?.(event.data) ?? null;
  }

  notifies(event: RecordedEvent): readonly NotificationIntent[] {
    return this.of(event.type)?.notifies?.(event) ?? [];
  }

  withdraws(event: RecordedEvent): readonly NotificationWithdrawal[] {
    return this.of(event.type)?.withdraws?.(event) ?? [];
  }

  badges(event: RecordedEvent): BadgeEffect | null {
    return this.of(event.type)?.badges?.(event.data, event) ?? null;
  }

  wordingOf(type: NotificationType): NotificationWording {
    const wording = this.wording.get(type);
    if (!wording) throw new Error(`No module words notifications of type ${type}`);
    return wording;
  }

  counterSource(counter: BadgeCounter): CounterSource {
    const source = this.counters.get(counter);
    if (!source) throw new Error(`No module counts the ${counter} badge`);
    return source;
  }
}
