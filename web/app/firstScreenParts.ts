import { AppShell, HomePage } from './pages';

/**
 * The modules the drawn home is rendered from, which the app otherwise fetches as it renders: the
 * app's first commit waits for them, and replaces the drawn page with the same page rather than
 * with its loading skeletons.
 */
export async function loadFirstScreenParts(): Promise<void> {
  await Promise.all([AppShell.preload(), HomePage.preload()]);
  const { HomeFeed } = await import('../features/home/HomePage');
  await HomeFeed.preload();
}
