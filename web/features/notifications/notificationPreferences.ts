import {
  notificationTypeSchema,
  type NotificationPreferences,
  type NotificationType,
} from '../../../shared/social';

export type DeliveryChannel = keyof NotificationPreferences[NotificationType];

export const NOTIFICATION_TYPES: readonly NotificationType[] = notificationTypeSchema.options;

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  friend_request_received: 'Friend requests',
  friend_request_accepted: 'Friend request accepted',
  post_liked: 'Likes on your posts',
  post_commented: 'Comments on your posts',
  post_shared: 'Shares of your posts',
  moderation_notice: 'Moderation notices',
  community_invitation: 'Community invitations',
  discussion_replied: 'Replies to your discussions',
  mention: 'Mentions of you',
  repost: 'Reposts of your posts',
  quote: 'Quotes of your posts',
  missed_call: 'Missed calls',
};

export const DELIVERY_CHANNELS: readonly { key: DeliveryChannel; label: string }[] = [
  { key: 'inApp', label: 'In-app' },
  { key: 'email', label: 'Email' },
];

/** One switch flipped: which type, which channel, and its new state. */
export interface PreferenceChange {
  type: NotificationType;
  channel: DeliveryChannel;
  enabled: boolean;
}

/** The whole preference after one change; the server stores the complete object. */
export function togglePreference(
  preferences: NotificationPreferences,
  { type, channel, enabled }: PreferenceChange,
): NotificationPreferences {
  if (preferences[type][channel] === enabled) return preferences;
  return { ...preferences, [type]: { ...preferences[type], [channel]: enabled } };
}

export function preferenceTestId(type: NotificationType, channel: DeliveryChannel): string {
  return `notification-preference-${type}-${channel}`;
}
