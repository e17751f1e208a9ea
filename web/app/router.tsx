import { Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { FullPageLoading } from '../components/PageStates';
import { PendingRedirectReset, RequireAccess } from '../features/auth/RequireAccess';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import * as pages from './pages';
import { RootRoute } from './RootRoute';

function RootFrame() {
  return (
    <>
      <PendingRedirectReset />
      <ScrollRestoration />
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Spec 000 §2, 001 §2 and 002 §2: the pages members reach inside the shared layout. */
const memberPages: RouteObject[] = [
  { path: 'profile', Component: pages.ProfilePage },
  { path: 'profile/contact', Component: pages.ProfileContactPage },
  { path: 'profile/followers', Component: pages.ProfileFollowersPage },
  { path: 'profile/following', Component: pages.ProfileFollowingPage },
  { path: 'profile/posts', Component: pages.ProfilePostsPage },
  { path: 'profile/settings', Component: pages.ProfileSettingsPage },
  { path: 'profile/skills', Component: pages.ProfileSkillsPage },
  { path: 'profile/stats', Component: pages.ProfileStatsPage },
  { path: 'profile/:username', Component: pages.ProfilePage },
  { path: 'friends', Component: pages.FriendsPage },
  { path: 'post/:id', Component: pages.PostPage },
  { path: 'video/:id?', Component: pages.VideoPage },
  { path: 'messages', Component: pages.MessagesPage },
  { path: 'notifications', Component: pages.NotificationsPage },
  { path: 'saved', Component: pages.SavedPage },
  { path: 'settings', Component: pages.SettingsPage },
  { path: 'trending', Component: pages.TrendingPage },
  { path: 'tags/:tag', Component: pages.TagPage },
  { path: 'search', Component: pages.SearchPage },
  { path: 'events', Component: pages.EventsPage },
  { path: 'images', Component: pages.ImagesPage },
  { path: 'videos', Component: pages.VideosPage },
  { path: 'marketplace', Component: pages.MarketplacePage },
  { path: 'business', Component: pages.BusinessPage },
  { path: 'community', Component: pages.CommunityPage },
  { path: 'posts', Component: pages.MyPostsPage },
  { path: 'create-post', Component: pages.CreatePostPage },
  { path: 'edit-post/:id', Component: pages.EditPostPage },
  { path: 'analytics', Component: pages.AnalyticsPage },
  { path: 'apps', Component: pages.AppsPage },
  { path: 'business-account', Component: pages.BusinessAccountPage },
  { path: 'business-account/report', Component: pages.BusinessReportPage },
  { path: 'create-community', Component: pages.CreateCommunityPage },
  { path: 'create-organization', Component: pages.CreateOrganizationPage },
  { path: 'moderation', Component: pages.ModerationPage },
  { path: 'organizational', Component: pages.OrganizationalPage },
  { path: 'file-upload-demo', Component: pages.FileUploadDemoPage },
  { path: 'monitoring-demo', Component: pages.MonitoringDemoPage },
  { path: 'email-demo', Component: pages.EmailDemoPage },
  { path: 'backup-demo', Component: pages.BackupDemoPage },
  { path: 'ads/test-ads', Component: pages.TestAdsPage },
  ...[1, 2, 3, 4].map((n) => ({ path: `ads/feed-ad${n}`, Component: pages.FeedAdPage })),
  { path: 'ads/manage', Component: pages.AdsManagePage },
];

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <RootRoute /> },
      {
        path: 'login',
        element: (
          <RequireAccess access="visitor">
            <pages.LoginPage />
          </RequireAccess>
        ),
      },
      {
        path: 'create-account',
        element: (
          <RequireAccess access="visitor">
            <pages.CreateAccountPage />
          </RequireAccess>
        ),
      },
      { path: 'reset-password', Component: pages.ResetPasswordPage },
      { path: 'verify-email', Component: pages.VerifyEmailPage },
      { path: 'confirm-email', Component: pages.ConfirmEmailChangePage },
      // Outside the shell: the member may do nothing else until the password is changed.
      {
        path: 'password-rotation',
        element: (
          <RequireAccess access="authenticated">
            <pages.PasswordRotationPage />
          </RequireAccess>
        ),
      },
      {
        path: 'onboarding',
        element: (
          <RequireAccess access="authenticated">
            <pages.OnboardingPage />
          </RequireAccess>
        ),
      },
      // `/home` has no guard (spec 000 §2); the layout shows a sign-in link to a visitor.
      {
        element: <pages.AppShell />,
        children: [{ path: 'home', Component: pages.HomePage }],
      },
      {
        element: (
          <RequireAccess access="authenticated">
            <pages.AppShell />
          </RequireAccess>
        ),
        children: memberPages,
      },
      { path: '*', Component: pages.NotFoundPage },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
