import {
  DEFAULT_APPEARANCE_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  type AppearanceSettings,
  type MemberSettings,
  type MemberSettingsUpdate,
  type NotificationSettings,
} from '../../../shared/profiles';
import type { MemberSettingsTable } from '../../db/tables/member-settings';

/** What `MemberSettingsChanged` carries: only the settings that changed, with their new values. */
export interface SettingsChanges {
  notifications?: Partial<NotificationSettings>;
  appearance?: Partial<AppearanceSettings>;
}

/** A member with no row has never changed a setting: the defaults of 002 §4, version 0. */
export function presentSettings(row: MemberSettingsTable | undefined): MemberSettings {
  if (!row) {
    return {
      notifications: { ...DEFAULT_NOTIFICATION_SETTINGS },
      appearance: { ...DEFAULT_APPEARANCE_SETTINGS },
      version: 0,
    };
  }
  return {
    notifications: {
      email: row.email_notifications,
      push: row.push_notifications,
      sms: row.sms_notifications,
      marketing: row.marketing_emails,
    },
    appearance: { theme: row.theme, fontSize: row.font_size },
    version: row.version,
  };
}

function changedEntries<T extends object>(current: T, wanted: Partial<T> | undefined) {
  const changed: Partial<T> = {};
  for (const key of Object.keys(wanted ?? {}) as (keyof T)[]) {
    const next = wanted?.[key];
    if (next !== undefined && next !== current[key]) changed[key] = next;
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}

/** The settings an update really changes; null when it asks for what is already set. */
export function settingsChanges(
  current: MemberSettings,
  update: MemberSettingsUpdate,
): SettingsChanges | null {
  const notifications = changedEntries(current.notifications, update.notifications);
  const appearance = changedEntries(current.appearance, update.appearance);
  if (!notifications && !appearance) return null;
  return {
    ...(notifications ? { notifications } : {}),
    ...(appearance ? { appearance } : {}),
  };
}

/** The settings after a change, with the version the change gives them. */
export function applySettingsChanges(
  current: MemberSettings,
  changes: SettingsChanges,
): MemberSettings {
  return {
    notifications: { ...current.notifications, ...changes.notifications },
    appearance: { ...current.appearance, ...changes.appearance },
    version: current.version + 1,
  };
}

/** The row's columns of a whole settings value. */
export function settingsColumns(settings: MemberSettings) {
  return {
    email_notifications: settings.notifications.email,
    push_notifications: settings.notifications.push,
    sms_notifications: settings.notifications.sms,
    marketing_emails: settings.notifications.marketing,
    theme: settings.appearance.theme,
    font_size: settings.appearance.fontSize,
  };
}
