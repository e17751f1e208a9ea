import { createRoot } from 'react-dom/client';
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
createRoot(container).render(<App store={store} />);
registerServiceWorker();
