import { FullPageSkeleton, PageSkeleton, ShellSkeleton } from '../components/RouteSkeleton';
import { lazyRoute } from './lazyRoute';

/*
 * Split by feature: a page module is fetched the first time one of its routes is visited, and the
 * route shows its skeleton meanwhile (in the layout, or a page of its own).
 */

export const AppShell = lazyRoute(
  () => import('../features/shell/AppShell'),
  'AppShell',
  ShellSkeleton,
);

export const LoginPage = lazyRoute(
  () => import('../features/auth/LoginPage'),
  'LoginPage',
  FullPageSkeleton,
);
export const CreateAccountPage = lazyRoute(
  () => import('../features/auth/CreateAccountPage'),
  'CreateAccountPage',
  FullPageSkeleton,
);
export const ResetPasswordPage = lazyRoute(
  () => import('../features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
  FullPageSkeleton,
);
export const VerifyEmailPage = lazyRoute(
  () => import('../features/email/VerifyEmailPage'),
  'VerifyEmailPage',
  FullPageSkeleton,
);
export const ConfirmEmailChangePage = lazyRoute(
  () => import('../features/settings/ConfirmEmailChangePage'),
  'ConfirmEmailChangePage',
  FullPageSkeleton,
);
export const PasswordRotationPage = lazyRoute(
  () => import('../features/security/PasswordRotationPage'),
  'PasswordRotationPage',
  FullPageSkeleton,
);
export const OnboardingPage = lazyRoute(
  () => import('../features/onboarding/OnboardingPage'),
  'OnboardingPage',
  FullPageSkeleton,
);
export const HomePage = lazyRoute(
  () => import('../features/home/HomePage'),
  'HomePage',
  PageSkeleton,
);

const profile = () => import('../features/profile/pages');
export const ProfilePage = lazyRoute(profile, 'ProfilePage', PageSkeleton);
export const ProfileContactPage = lazyRoute(profile, 'ProfileContactPage', PageSkeleton);
export const ProfileFollowersPage = lazyRoute(profile, 'ProfileFollowersPage', PageSkeleton);
export const ProfileFollowingPage = lazyRoute(profile, 'ProfileFollowingPage', PageSkeleton);
export const ProfilePostsPage = lazyRoute(
  () => import('../features/profile/ProfilePostsPage'),
  'ProfilePostsPage',
  PageSkeleton,
);
export const ProfileSettingsPage = lazyRoute(
  () => import('../features/settings/ProfileSettingsPage'),
  'ProfileSettingsPage',
  PageSkeleton,
);
export const ProfileSkillsPage = lazyRoute(profile, 'ProfileSkillsPage', PageSkeleton);
// Its own chunk: the engagement graph's recharts loads with this page only.
export const ProfileStatsPage = lazyRoute(
  () => import('../features/profile/ProfileStatsPage'),
  'ProfileStatsPage',
  PageSkeleton,
);

export const FriendsPage = lazyRoute(
  () => import('../features/friends/FriendsPage'),
  'FriendsPage',
  PageSkeleton,
);

export const PostPage = lazyRoute(
  () => import('../features/posts/post-page/PostPage'),
  'PostPage',
  PageSkeleton,
);
export const VideoPage = lazyRoute(
  () => import('../features/posts/video/VideoPage'),
  'VideoPage',
  PageSkeleton,
);
export const MyPostsPage = lazyRoute(
  () => import('../features/posts/my-posts/MyPostsPage'),
  'MyPostsPage',
  PageSkeleton,
);
const postEditor = () => import('../features/posts/editor/PostEditorPages');
export const CreatePostPage = lazyRoute(postEditor, 'CreatePostPage', PageSkeleton);
export const EditPostPage = lazyRoute(postEditor, 'EditPostPage', PageSkeleton);

export const MessagesPage = lazyRoute(
  () => import('../features/messaging/MessagesPage'),
  'MessagesPage',
  PageSkeleton,
);
export const NotificationsPage = lazyRoute(
  () => import('../features/notifications/NotificationsPage'),
  'NotificationsPage',
  PageSkeleton,
);
export const SavedPage = lazyRoute(
  () => import('../features/saved/SavedPage'),
  'SavedPage',
  PageSkeleton,
);
export const SettingsPage = lazyRoute(
  () => import('../features/settings/SettingsPage'),
  'SettingsPage',
  PageSkeleton,
);

const media = () => import('../features/media/pages');
export const ImagesPage = lazyRoute(media, 'ImagesPage', PageSkeleton);
export const VideosPage = lazyRoute(media, 'VideosPage', PageSkeleton);
export const FileUploadDemoPage = lazyRoute(media, 'FileUploadDemoPage', PageSkeleton);

export const TrendingPage = lazyRoute(
  () => import('../features/discover/TrendingPage'),
  'TrendingPage',
  PageSkeleton,
);
export const TagPage = lazyRoute(
  () => import('../features/hashtags/TagPage'),
  'TagPage',
  PageSkeleton,
);
export const SearchPage = lazyRoute(
  () => import('../features/search/SearchPage'),
  'SearchPage',
  PageSkeleton,
);
export const EventsPage = lazyRoute(
  () => import('../features/calendar/EventsPage'),
  'EventsPage',
  PageSkeleton,
);

const community = () => import('../features/community/pages');
export const CommunityPage = lazyRoute(community, 'CommunityPage', PageSkeleton);
export const CreateCommunityPage = lazyRoute(community, 'CreateCommunityPage', PageSkeleton);

const business = () => import('../features/business/pages');
export const MarketplacePage = lazyRoute(
  () => import('../features/marketing/MarketplacePage'),
  'MarketplacePage',
  PageSkeleton,
);
export const BusinessPage = lazyRoute(
  () => import('../features/marketing/BusinessPage'),
  'BusinessPage',
  PageSkeleton,
);
export const BusinessAccountPage = lazyRoute(business, 'BusinessAccountPage', PageSkeleton);
export const CreateOrganizationPage = lazyRoute(business, 'CreateOrganizationPage', PageSkeleton);
export const OrganizationalPage = lazyRoute(
  () => import('../features/marketing/OrganizationalPage'),
  'OrganizationalPage',
  PageSkeleton,
);
// Its own chunk: recharts loads with this page only (and after its figures, see the page).
export const AnalyticsPage = lazyRoute(
  () => import('../features/analytics/AnalyticsPage'),
  'AnalyticsPage',
  PageSkeleton,
);
export const AppsPage = lazyRoute(
  () => import('../features/apps/AppsPage'),
  'AppsPage',
  PageSkeleton,
);
export const BusinessReportPage = lazyRoute(
  () => import('../features/business/BusinessReportPage'),
  'BusinessReportPage',
  PageSkeleton,
);

export const ModerationPage = lazyRoute(
  () => import('../features/moderation/ModerationPage'),
  'ModerationPage',
  PageSkeleton,
);
export const MonitoringDemoPage = lazyRoute(
  () => import('../features/monitoring/MonitoringDemoPage'),
  'MonitoringDemoPage',
  PageSkeleton,
);
export const EmailDemoPage = lazyRoute(
  () => import('../features/email/EmailDemoPage'),
  'EmailDemoPage',
  PageSkeleton,
);
export const BackupDemoPage = lazyRoute(
  () => import('../features/backup/BackupDemoPage'),
  'BackupDemoPage',
  PageSkeleton,
);

const ads = () => import('../features/ads/pages');
export const TestAdsPage = lazyRoute(ads, 'TestAdsPage', PageSkeleton);
export const FeedAdPage = lazyRoute(ads, 'FeedAdPage', PageSkeleton);
export const AdsManagePage = lazyRoute(ads, 'AdsManagePage', PageSkeleton);

export const NotFoundPage = lazyRoute(
  () => import('../features/errors/NotFoundPage'),
  'NotFoundPage',
  FullPageSkeleton,
);
