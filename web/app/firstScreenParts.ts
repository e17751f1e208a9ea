import type { FirstScreenData } from '../../shared/first-screen';
import { AppShell, HomePage, MessagesPage, PostPage } from './pages';

const PAGE_PARTS: Record<FirstScreenData['page'], () => Promise<void>> = {
  home: async () => {
    await HomePage.preload();
    const { HomeFeed } = await import('../features/home/HomePage');
    await HomeFeed.preload();
  },
  messages: () => MessagesPage.preload(),
  post: () => PostPage.preload(),
};

/**
 * The modules a drawn page is rendered from, which the app otherwise fetches as it renders: the
 * app's first commit waits for them, and replaces the drawn page with the same page rather than
 * with its loading skeletons.
 */
export async function loadFirstScreenParts(page: FirstScreenData['page']): Promise<void> {
  await Promise.all([AppShell.preload(), PAGE_PARTS[page]()]);
}
