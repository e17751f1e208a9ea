import { lazyPage } from './lazyPage';

/* Split by feature: a page module is fetched the first time one of its routes is visited. */

export const AppShell = lazyPage(() => import('../features/shell/AppShell'), 'AppShell');

export const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
export const CreateAccountPage = lazyPage(
  () => import('../features/auth/CreateAccountPage'),
  'CreateAccountPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../features/auth/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const VerifyEmailPage = lazyPage(
  () => import('../features/email/VerifyEmailPage'),
  'VerifyEmailPage',
);
export const ConfirmEmailChangePage = lazyPage(
  () => import('../features/settings/ConfirmEmailChangePage'),
  'ConfirmEmailChangePage',
);
export const PasswordRotationPage = lazyPage(
  () => import('../features/auth/PasswordRotationPage'),
  'PasswordRotationPage',
);
export const OnboardingPage = lazyPage(
  () => import('../features/onboarding/OnboardingPage'),
  'OnboardingPage',
);
export const HomePage = lazyPage(() => import('../features/home/HomePage'), 'HomePage');

const profile = () => import('../features/profile/pages');
export const ProfilePage = lazyPage(profile, 'ProfilePage');
export const ProfileContactPage = lazyPage(profile, 'ProfileContactPage');
export const ProfileFollowersPage = lazyPage(profile, 'ProfileFollowersPage');
export const ProfileFollowingPage = lazyPage(profile, 'ProfileFollowingPage');
export const ProfilePostsPage = lazyPage(
  () => import('../features/profile/ProfilePostsPage'),
  'ProfilePostsPage',
);
export const ProfileSettingsPage = lazyPage(profile, 'ProfileSettingsPage');
export const ProfileSkillsPage = lazyPage(profile, 'ProfileSkillsPage');
// Its own chunk: the engagement graph's recharts loads with this page only.
export const ProfileStatsPage = lazyPage(
  () => import('../features/profile/ProfileStatsPage'),
  'ProfileStatsPage',
);

export const FriendsPage = lazyPage(() => import('../features/friends/FriendsPage'), 'FriendsPage');

export const PostPage = lazyPage(() => import('../features/posts/post-page/PostPage'), 'PostPage');
export const VideoPage = lazyPage(() => import('../features/posts/video/VideoPage'), 'VideoPage');
export const MyPostsPage = lazyPage(
  () => import('../features/posts/my-posts/MyPostsPage'),
  'MyPostsPage',
);
const postEditor = () => import('../features/posts/editor/PostEditorPages');
export const CreatePostPage = lazyPage(postEditor, 'CreatePostPage');
export const EditPostPage = lazyPage(postEditor, 'EditPostPage');

export const MessagesPage = lazyPage(
  () => import('../features/messaging/MessagesPage'),
  'MessagesPage',
);
export const NotificationsPage = lazyPage(
  () => import('../features/notifications/NotificationsPage'),
  'NotificationsPage',
);
export const SavedPage = lazyPage(() => import('../features/saved/SavedPage'), 'SavedPage');
export const SettingsPage = lazyPage(
  () => import('../features/settings/SettingsPage'),
  'SettingsPage',
);

const media = () => import('../features/media/pages');
export const ImagesPage = lazyPage(media, 'ImagesPage');
export const VideosPage = lazyPage(media, 'VideosPage');
export const FileUploadDemoPage = lazyPage(media, 'FileUploadDemoPage');

export const TrendingPage = lazyPage(
  () => import('../features/discover/TrendingPage'),
  'TrendingPage',
);
export const EventsPage = lazyPage(() => import('../features/calendar/EventsPage'), 'EventsPage');

const community = () => import('../features/community/pages');
export const CommunityPage = lazyPage(community, 'CommunityPage');
export const CreateCommunityPage = lazyPage(community, 'CreateCommunityPage');

const business = () => import('../features/business/pages');
export const MarketplacePage = lazyPage(
  () => import('../features/marketing/MarketplacePage'),
  'MarketplacePage',
);
export const BusinessPage = lazyPage(
  () => import('../features/marketing/BusinessPage'),
  'BusinessPage',
);
export const BusinessAccountPage = lazyPage(business, 'BusinessAccountPage');
export const CreateOrganizationPage = lazyPage(business, 'CreateOrganizationPage');
export const OrganizationalPage = lazyPage(
  () => import('../features/marketing/OrganizationalPage'),
  'OrganizationalPage',
);
// Its own chunk: recharts loads with this page only (and after its figures, see the page).
export const AnalyticsPage = lazyPage(
  () => import('../features/analytics/AnalyticsPage'),
  'AnalyticsPage',
);
export const AppsPage = lazyPage(() => import('../features/apps/AppsPage'), 'AppsPage');
export const BusinessReportPage = lazyPage(
  () => import('../features/business/BusinessReportPage'),
  'BusinessReportPage',
);

export const ModerationPage = lazyPage(
  () => import('../features/moderation/ModerationPage'),
  'ModerationPage',
);
export const MonitoringDemoPage = lazyPage(
  () => import('../features/monitoring/MonitoringDemoPage'),
  'MonitoringDemoPage',
);
export const EmailDemoPage = lazyPage(
  () => import('../features/email/EmailDemoPage'),
  'EmailDemoPage',
);
export const BackupDemoPage = lazyPage(
  () => import('../features/backup/BackupDemoPage'),
  'BackupDemoPage',
);

const ads = () => import('../features/ads/pages');
export const TestAdsPage = lazyPage(ads, 'TestAdsPage');
export const FeedAdPage = lazyPage(ads, 'FeedAdPage');
export const AdsManagePage = lazyPage(ads, 'AdsManagePage');

export const NotFoundPage = lazyPage(
  () => import('../features/errors/NotFoundPage'),
  'NotFoundPage',
);
