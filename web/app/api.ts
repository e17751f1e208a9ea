import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the client. Features add their endpoints with `injectEndpoints`, so
 * the cache, tags and middleware are shared and the session cookie rides on every request.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  tagTypes: [
    'Session',
    'Config',
    'Badges',
    'People',
    'Friends',
    'FriendRequests',
    'Conversations',
    'Messages',
    'Notifications',
    'NotificationPreferences',
    'Backups',
    'BackupStats',
    'BackupConfig',
    'BackupRestores',
    'MonitoringEvents',
    'MonitoringMetrics',
    'MonitoringSummary',
    'Alerts',
    'Logs',
    'EmailQueue',
    'EmailTemplates',
    'EmailCaptured',
    'Profile',
    'Follows',
    'MemberSettings',
    'Engagement',
    'TwoFactor',
    'AdsConfig',
    'AdsMetrics',
    'ModerationQueue',
    'ModerationAudit',
    'Moderators',
    'CommunityDiscussions',
    'CommunityPosts',
  ],
  endpoints: () => ({}),
});
