import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { waitingForApp, type FirstScreenRenderer } from '../../shared/first-screen';
import { HomePage } from '../features/home/HomePage';
import { RequestCookieContext } from '../lib/requestCookie';
import { AppShell } from '../features/shell/AppShell';
import type { AppStore } from '../state/store';
import { storeWithFirstScreen } from './firstScreenStore';

/**
 * A member's home as the app first renders it once the session and the feed have answered, in a
 * store and router of its own: the server sends it with the document (server/http/static-web.ts),
 * so a phone paints the member's posts before any script has run. The app replaces it on its
 * first commit, starting from the same values.
 */
function page(store: AppStore, path: string, cookie: string): ReactElement {
  return (
    <RequestCookieContext value={cookie}>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <AppShell>
            <HomePage />
          </AppShell>
        </MemoryRouter>
      </Provider>
    </RequestCookieContext>
  );
}

/**
 * The page's lazily loaded parts (the feed, the shell's pieces) load once per process: the first
 * render waits for them all. After that a render needs nothing it has to wait for, and
 * `renderToString` draws it whole, with none of the inline scripts a streamed render adds (the
 * Content-Security-Policy allows none). A first render that fails (one member's page) is not
 * kept: the next page tries again rather than every page failing for the process's life.
 */
let partsLoaded: Promise<unknown> | null = null;

function loadParts(element: ReactElement): Promise<unknown> {
  partsLoaded ??= prerender(element).catch((error: unknown) => {
    partsLoaded = null;
    throw error;
  });
  return partsLoaded;
}

export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = async (
  path,
  data,
  cookie,
) => {
  const store = await storeWithFirstScreen(data);
  await loadParts(page(store, path, cookie));
  return waitingForApp(renderToString(page(store, path, cookie)));
};
