import type { z } from 'zod';
import { accountEvents } from './accounts';
import { adEvents } from './ads';
import { apiTokenEvents } from './api-tokens';
import { analyticsEvents } from './analytics';
import { backupEvents } from './backups';
import { communityEvents } from './communities';
import { businessEvents } from './business';
import { callEvents } from './calls';
import { calendarEvents } from './calendar';
import { communityContentEvents } from './community-content';
import { contentHistoryEvents } from './content-history';
import { contentEvents } from './content';
import { diagnosticEvents } from './diagnostics';
import { friendEvents } from './friends';
import { hashtagEvents } from './hashtags';
import { linkPreviewEvents } from './link-previews';
import { mediaEvents } from './media';
import { mentionEvents } from './mentions';
import { messagingEvents } from './messaging';
import { moderationEvents } from './moderation';
import { monitoringEvents } from './monitoring';
import { notificationEvents } from './notifications';
import { onboardingEvents } from './onboarding';
import { postEvents } from './posts';
import { profileEvents } from './profiles';
import { pushEvents } from './push';
import { repostEvents } from './reposts';
import { settingsEvents } from './settings';
import { securityEvents } from './security';

/** The event catalogue: one zod schema per event type. Nothing else may enter the log. */
export const eventSchemas = {
  ...accountEvents,
  ...profileEvents,
  ...friendEvents,
  ...messagingEvents,
  ...notificationEvents,
  ...diagnosticEvents,
  ...monitoringEvents,
  ...backupEvents,
  ...mediaEvents,
  ...postEvents,
  ...contentHistoryEvents,
  ...contentEvents,
  ...onboardingEvents,
  ...settingsEvents,
  ...securityEvents,
  ...apiTokenEvents,
  ...pushEvents,
  ...moderationEvents,
  ...adEvents,
  ...analyticsEvents,
  ...communityEvents,
  ...businessEvents,
  ...calendarEvents,
  ...communityContentEvents,
  ...linkPreviewEvents,
  ...mentionEvents,
  ...hashtagEvents,
  ...repostEvents,
  ...callEvents,
};

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A new event as a command produces it, before it has a place in the log. */
export type NewEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
