import type { DomainModule } from '../core/module';
import { accountModule } from './account';
import { adsModule } from './ads';
import { analyticsModule } from './analytics';
import { apiTokensModule } from './api-tokens';
import { authModule } from './auth';
import { backupModule } from './backup';
import { badgesModule } from './badges';
import { communitiesModule } from './communities';
import { businessModule } from './business';
import { callsModule } from './calls';
import { calendarModule } from './calendar';
import { communityContentModule } from './community-content';
import { contentModule } from './content';
import { contentHistoryModule } from './content-history';
import { emailModule } from './email';
import { friendsModule } from './friends';
import { hashtagsModule } from './hashtags';
import { linkPreviewsModule } from './link-previews';
import { logsModule } from './logs';
import { mediaModule } from './media';
import { mentionsModule } from './mentions';
import { messagingModule } from './messaging';
import { moderationModule } from './moderation';
import { monitoringModule } from './monitoring';
import { notificationsModule } from './notifications';
import { onboardingModule } from './onboarding';
import { organizationsModule } from './organizations';
import { peopleModule } from './people';
import { homeTimelineModule, postsModule } from './posts';
import { presenceModule } from './presence';
import { profilesModule } from './profiles';
import { pushModule } from './push';
import { repostsModule } from './reposts';
import { searchModule } from './search';
import { settingsModule } from './settings';

/**
 * Every domain of the product: the one list the composition root (server/composition.ts) wires
 * into the event store, the HTTP API, the sockets and the workers. Order matters twice: routes
 * mount in this order, and each event's projections run in it, so notifications come after the
 * domains whose events raise them, home timelines after posts, friends and follows, and badges
 * count last, after everything they count.
 */
export const modules: readonly DomainModule[] = [
  authModule,
  peopleModule,
  settingsModule,
  apiTokensModule,
  presenceModule,
  friendsModule,
  messagingModule,
  // A call's entry is written into its thread as a message: after messaging.
  callsModule,
  mediaModule,
  postsModule,
  contentModule,
  contentHistoryModule,
  // A post's tags and their followers' feeds are read from the post as posts and content left it.
  hashtagsModule,
  // Cards are written onto rows of posts, comments and messages: after both.
  linkPreviewsModule,
  // Mention lists are written onto rows of posts and comments too.
  mentionsModule,
  // Repost and quote counts are written onto rows of posts as well.
  repostsModule,
  moderationModule,
  communityContentModule,
  onboardingModule,
  accountModule,
  notificationsModule,
  // Pushes are queued from the notifications rows: their relay reads them after commit.
  pushModule,
  monitoringModule,
  logsModule,
  emailModule,
  backupModule,
  profilesModule,
  // Home timelines read the posts, friendships, follows and reposts their events leave: after all.
  homeTimelineModule,
  adsModule,
  analyticsModule,
  communitiesModule,
  businessModule,
  organizationsModule,
  calendarModule,
  searchModule,
  badgesModule,
];
