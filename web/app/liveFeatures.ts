import type { LiveFeatureEntry } from '../features/connection/liveFeature';
import { callsLive } from '../features/calls/callsLive';
import { friendsLive } from '../features/friends/friendsLive';
import { mediaLive } from '../features/media/mediaLive';
import { messagingLive } from '../features/messaging/messagingLive';
import { notificationsLive } from '../features/notifications/notificationsLive';
import { postsLive } from '../features/posts/postsLive';
import { presenceLive } from '../features/presence/presenceReporter';
import { settingsLive } from '../features/settings/settingsLive';
import { securityLive } from '../features/security/securityLive';

/**
 * Every feature that follows the live channel; a feature not listed here hears no push.
 *
 * Members' features load with the app: a delivery receipt is due from whatever page the member is
 * on, and a handler whose view was never loaded finds no cache to change. The operator consoles
 * (owners only) load with their screens, which call `useLiveFeature(name)`, so a member's first
 * page never downloads them. Until one of its screens mounts, an operator feature has nothing
 * cached, so dropping its pushes and skipping its resync loses nothing.
 */
export const liveFeatures: readonly LiveFeatureEntry[] = [
  messagingLive,
  // A call rings on whatever page the member is on.
  callsLive,
  notificationsLive,
  friendsLive,
  presenceLive,
  mediaLive,
  postsLive,
  // Profiles load with their screens (`useWatchProfiles`): no profile is cached before one shows.
  {
    name: 'profile',
    load: async () => (await import('../features/profile/profileLive')).profileLive,
  },
  // Onboarding progress is cached only while the wizard shows, so it loads with that screen.
  {
    name: 'onboarding',
    load: async () => (await import('../features/onboarding/onboardingLive')).onboardingLive,
  },
  settingsLive,
  securityLive,
  {
    name: 'monitoring',
    load: async () => (await import('../features/monitoring/monitoringLive')).monitoringLive,
  },
  {
    name: 'logs',
    load: async () => (await import('../features/logs/logsLive')).logsLive,
  },
  {
    name: 'email',
    load: async () => (await import('../features/email/emailLive')).emailLive,
  },
  // Loaded by the first screen that shows an ad (`startAdRuntime`), after the first page is idle.
  {
    name: 'ads',
    load: async () => (await import('../features/ads/adsLive')).adsLive,
  },
  {
    name: 'backup',
    load: async () => (await import('../features/backup/backupLive')).backupLive,
  },
  // Moderators' queue and audit list are cached only while /moderation shows.
  {
    name: 'moderation',
    load: async () => (await import('../features/moderation/moderationLive')).moderationLive,
  },
  // New posts and the Follow button of a tag page matter only while one shows.
  {
    name: 'hashtags',
    load: async () => (await import('../features/hashtags/hashtagsLive')).hashtagsLive,
  },
  // A community's counts are cached only while its hub shows.
  {
    name: 'community',
    load: async () => (await import('../features/community/communityLive')).communityLive,
  },
  // Events' counts are cached only while /events or a community hub shows them.
  {
    name: 'calendar',
    load: async () => (await import('../features/calendar/calendarLive')).calendarLive,
  },
  // A community hub's discussions and posts are cached only while the hub shows.
  {
    name: 'community-content',
    load: async () =>
      (await import('../features/community-content/communityContentLive')).communityContentLive,
  },
];
