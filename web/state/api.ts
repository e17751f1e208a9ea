import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { formatLsn, laterLsn, parseLsn, WAL_HEADER } from '../../shared/wal-position';

/**
 * The WAL position of the member's last write that a server answered with: sent back on every
 * request, so whichever server process answers next reads from a replica that has it, or from the
 * primary (read-your-writes, docs/operations.md).
 */
let lastWrite: bigint | null = null;

const fetchJson = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    if (lastWrite !== null) headers.set(WAL_HEADER, formatLsn(lastWrite));
    return headers;
  },
});

const baseQuery: typeof fetchJson = async (args, store, extra) => {
  const result = await fetchJson(args, store, extra);
  const written = parseLsn(result.meta?.response?.headers.get(WAL_HEADER));
  lastWrite = laterLsn(lastWrite, written);
  return result;
};

/**
 * The one RTK Query API of the client. Features add their endpoints with `injectEndpoints`, so
 * the cache, tags and middleware are shared and the session cookie rides on every request.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
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
    'ApiTokens',
    'PushSubscriptions',
    'AdsConfig',
    'AdsMetrics',
    'ModerationQueue',
    'ModerationAudit',
    'Moderators',
    'Analytics',
    'Communities',
    'Community',
    'CommunityMembers',
    'CommunityInvitations',
    'BusinessAccount',
    'Organizations',
    'CalendarEvents',
    'CommunityDiscussions',
    'CommunityPosts',
  ],
  endpoints: () => ({}),
});
