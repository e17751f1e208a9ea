import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from '../shared/first-screen';
import { App } from './app/App';
import { makeAppStore } from './app/appStore';
import { registerServiceWorker } from './features/push/browserPush';
import {
  applyFontSize,
  applyTheme,
  readStoredFontSize,
  readStoredTheme,
  resolveTheme,
  systemPrefersDark,
} from './features/theme/theme';
import './styles.css';

const theme = {
  choice: readStoredTheme(),
  systemPrefersDark: systemPrefersDark(),
  fontSize: readStoredFontSize(),
};
// Applied before the first render so a dark-theme member never sees a light flash.
applyTheme(resolveTheme(theme.choice, theme.systemPrefersDark));
applyFontSize(theme.fontSize);

const store = makeAppStore({ theme });
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');
const root = createRoot(container);
// The first screen is rendered as a transition, so React yields to the browser every few
// milliseconds while it builds it instead of holding the main thread for the whole render (over
// a second on a phone's CPU: docs/performance.md, "Fast on a phone"). The frame drawn by
// index.html, or the member's page the server drew, stays on screen until React commits.
const start = () => startTransition(() => root.render(<App store={store} />));
// A page the server drew carries what it shows: the app starts from it rather than asking again.
// Should that fail, the app asks, as on any other page.
const carried = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
if (carried) {
  const data = JSON.parse(carried) as FirstScreenData;
  Promise.all([
    import('./app/firstScreenStore').then(({ withFirstScreen }) => withFirstScreen(store, data)),
    import('./app/firstScreenParts').then(({ loadFirstScreenParts }) =>
      loadFirstScreenParts(data.page),
    ),
  ])
    .catch(() => undefined)
    .finally(start);
} else {
  start();
}
registerServiceWorker();
