import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { CreateAccountPage } from '../features/auth/CreateAccountPage';
import { LoginPage } from '../features/auth/LoginPage';
import { makeStore } from '../state/store';

/** A visitor page drawn as HTML when the client is built: its path, title and component. */
interface PrerenderedPage {
  path: string;
  title: string;
  render: () => ReactElement;
}

/**
 * The visitor pages the build writes as HTML (scripts/prerender-plugin.ts): a phone on a slow
 * link paints the form as soon as the document and its stylesheet arrive, not once the scripts
 * have run (docs/performance.md, "The sign-in page drawn before its scripts"). Only pages the app
 * itself draws at once for a visitor whose session is not known yet (`RequireAccess`): a visitor's
 * `/` shows the loading frame until the session answers, and drawn ahead it would flash from the
 * card to the frame and back.
 */
export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: '/login', title: 'Sign In', render: () => <LoginPage /> },
  { path: '/create-account', title: 'Create Account', render: () => <CreateAccountPage /> },
];

/**
 * The page's markup as the app first renders it for a visitor whose session is not known yet, in
 * a store and router of its own. The app replaces it on its first commit.
 */
export function renderPage(page: PrerenderedPage): string {
  return renderToString(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[page.path]}>{page.render()}</MemoryRouter>
    </Provider>,
  );
}
