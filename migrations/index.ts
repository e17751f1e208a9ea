import type { Migration } from 'kysely';
import * as eventStore from './20261122T021500-event-store';
import * as accounts from './20261122T022000-accounts';
import * as social from './20261122T043000-social';
import * as monitoring from './20261123T120000-monitoring';
import * as logs from './20261123T120100-logs';
import * as email from './20261123T120200-email';
import * as backups from './20261123T120300-backups';
import * as commandRunner from './20261124T090000-command-runner';
import * as rateLimits from './20261125T120000-rate-limits';
import * as media from './20261125T130000-media';
import * as posts from './20261126T090000-posts';
import * as postMedia from './20261126T100000-post-media';
import * as postsFeedOrder from './20261126T110000-posts-feed-order';
import * as likesReceived from './20261126T121500-likes-received';
import * as profiles from './20261127T090000-profiles';
import * as memberSettings from './20261127T093000-member-settings';
import * as onboarding from './20261127T100000-onboarding';
import * as security from './20261127T110000-security';
import * as erasure from './20261127T120000-erasure';
import * as contentVisibility from './20261128T090000-content-visibility';
import * as contentApi from './20261128T100000-content-api';
import * as contentHistory from './20261128T110000-content-history';
import * as moderation from './20261128T120000-moderation';
import * as ads from './20261128T130000-ads';
import * as communities from './20261129T090000-communities';
import * as communityContent from './20261129T110000-community-content';
import * as calendar from './20261129T120000-calendar';
import * as business from './20261129T130000-business';
import * as analytics from './20261129T140000-analytics';
import * as homeTimelines from './20261201T090000-home-timelines';
import * as notificationActors from './20261201T100000-notification-actors';
import * as searchDocuments from './20261201T110000-search-documents';
import * as peopleNearest from './20261203T100000-people-nearest';
import * as apiTokens from './20261204T090000-api-tokens';
import * as linkPreviews from './20261205T100000-link-previews';
import * as hashtags from './20261206T100000-hashtags';
import * as mentions from './20261206T110000-mentions';
import * as tagPrefix from './20261207T100000-tag-prefix';
import * as reposts from './20261207T110000-reposts';
import * as communityMentions from './20261207T120000-community-mentions';
import * as messageMentions from './20261208T110000-message-mentions';
import * as webPush from './20261209T100000-web-push';
import * as calls from './20261209T110000-calls';
import * as quotesCounted from './20261210T100000-quotes-counted';
import * as eventPartitions from './20261211T100000-event-partitions';
import * as searchPolicyColumns from './20261212T100000-search-policy-columns';
import * as searchIndexesWithoutPendingList from './20261213T100000-search-indexes-without-pending-list';
import * as streamTurns from './20261214T100000-stream-turns';
import * as timelineReposts from './20261215T100000-timeline-reposts';

/**
 * Every migration, keyed by its timestamped name. A static list (rather than reading the folder)
 * works the same under tsx, jest and a bundler.
 */
export const migrations: Record<string, Migration> = {
  '20261122T021500-event-store': eventStore,
  '20261122T022000-accounts': accounts,
  '20261122T043000-social': social,
  '20261123T120000-monitoring': monitoring,
  '20261123T120100-logs': logs,
  '20261123T120200-email': email,
  '20261123T120300-backups': backups,
  '20261124T090000-command-runner': commandRunner,
  '20261125T120000-rate-limits': rateLimits,
  '20261125T130000-media': media,
  '20261126T090000-posts': posts,
  '20261126T100000-post-media': postMedia,
  '20261126T110000-posts-feed-order': postsFeedOrder,
  '20261126T121500-likes-received': likesReceived,
  '20261127T090000-profiles': profiles,
  '20261127T093000-member-settings': memberSettings,
  '20261127T100000-onboarding': onboarding,
  '20261127T110000-security': security,
  '20261127T120000-erasure': erasure,
  '20261128T090000-content-visibility': contentVisibility,
  '20261128T100000-content-api': contentApi,
  '20261128T110000-content-history': contentHistory,
  '20261128T120000-moderation': moderation,
  '20261128T130000-ads': ads,
  '20261129T090000-communities': communities,
  '20261129T110000-community-content': communityContent,
  '20261129T120000-calendar': calendar,
  '20261129T130000-business': business,
  '20261129T140000-analytics': analytics,
  '20261201T090000-home-timelines': homeTimelines,
  '20261201T100000-notification-actors': notificationActors,
  '20261201T110000-search-documents': searchDocuments,
  '20261203T100000-people-nearest': peopleNearest,
  '20261204T090000-api-tokens': apiTokens,
  '20261205T100000-link-previews': linkPreviews,
  '20261206T100000-hashtags': hashtags,
  '20261206T110000-mentions': mentions,
  '20261207T100000-tag-prefix': tagPrefix,
  '20261207T110000-reposts': reposts,
  '20261207T120000-community-mentions': communityMentions,
  '20261208T110000-message-mentions': messageMentions,
  '20261209T100000-web-push': webPush,
  '20261209T110000-calls': calls,
  '20261210T100000-quotes-counted': quotesCounted,
  '20261211T100000-event-partitions': eventPartitions,
  '20261212T100000-search-policy-columns': searchPolicyColumns,
  '20261213T100000-search-indexes-without-pending-list': searchIndexesWithoutPendingList,
  '20261214T100000-stream-turns': streamTurns,
  '20261215T100000-timeline-reposts': timelineReposts,
};
