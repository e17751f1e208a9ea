import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  waitingForApp,
  type FirstScreenData,
  type FirstScreenRenderer,
} from '../../shared/first-screen';
import { HomePage } from '../features/home/HomePage';
import { MessagesPage } from '../features/messaging/MessagesPage';
import { PostPage } from '../features/posts/post-page/PostPage';
import { ClockContext, clockFromCookie } from '../lib/clock';
import { RequestCookieContext } from '../lib/requestCookie';
import { AppShell } from '../features/shell/AppShell';
import type { AppStore } from '../state/store';
import { storeWithFirstScreen } from './firstScreenStore';

/** Each drawn page as the router mounts it (a post page takes its id from the path). */
const PAGES: Record<FirstScreenData['page'], ReactElement> = {
  home: <HomePage />,
  messages: <MessagesPage />,
  post: (
    <Routes>
      <Route path="/post/:id" element={<PostPage />} />
    </Routes>
  ),
};

/**
 * A member's page as the app first renders it once its requests have answered, in a store and
 * router of its own: the server sends it with the document (server/http/first-screen.ts), so a
 * phone paints the member's page before any script has run. The app replaces it on its first
 * commit, starting from the same values.
 */
function page(store: AppStore, path: string, data: FirstScreenData, cookie: string): ReactElement {
  return (
    <RequestCookieContext value={cookie}>
      <ClockContext value={clockFromCookie(cookie)}>
        <Provider store={store}>
          <MemoryRouter initialEntries={[path]}>
            <AppShell>{PAGES[data.page]}</AppShell>
          </MemoryRouter>
        </Provider>
      </ClockContext>
    </RequestCookieContext>
  );
}

/**
 * A page's lazily loaded parts (the home's feed, the shell's pieces) load once per process: the
 * first render of each page waits for them all. After that a render needs nothing it has to wait
 * for, and `renderToString` draws it whole, with none of the inline scripts a streamed render
 * adds (the Content-Security-Policy allows none). A first render that fails (one member's page)
 * is not kept: the next one tries again rather than every page failing for the process's life.
 */
const partsLoaded = new Map<FirstScreenData['page'], Promise<unknown>>();

function loadParts(name: FirstScreenData['page'], element: ReactElement): Promise<unknown> {
  let loading = partsLoaded.get(name);
  if (!loading) {
    loading = prerender(element).catch((error: unknown) => {
      partsLoaded.delete(name);
      throw error;
    });
    partsLoaded.set(name, loading);
  }
  return loading;
}

export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = async (
  path,
  data,
  cookie,
) => {
  const store = storeWithFirstScreen(data);
  await loadParts(data.page, page(store, path, data, cookie));
  return waitingForApp(renderToString(page(store, path, data, cookie)));
};
