import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { TOAST } from '../../shared/constants';
import { CallLayer } from '../features/calls/CallLayer';
import { LoggingProvider } from '../features/logs/LoggingProvider';
import { MonitoringSessionSync } from '../features/monitoring/MonitoringSessionSync';
import { startMonitoringCaptureSoon } from '../features/monitoring/reporterLoader';
import { selectTheme } from '../features/theme/themeSlice';
import { ThemeSync } from '../features/theme/ThemeSync';
import { AdSlotsProvider } from './adSlots';
import { useAppSelector } from '../state/hooks';
import { createRouter } from './router';
import { TOAST_MOBILE_OFFSET, TOAST_OFFSET } from '../lib/toastPlacement';
import type { AppStore } from '../state/store';

const router = createRouter();
startMonitoringCaptureSoon();

function AppToaster() {
  const theme = useAppSelector(selectTheme);
  return (
    <Toaster
      position="top-right"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      closeButton
      richColors
      theme={theme}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      gap={TOAST.gap}
    />
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeSync />
        <MonitoringSessionSync />
        <LoggingProvider>
          <AdSlotsProvider>
            <RouterProvider router={router} />
          </AdSlotsProvider>
        </LoggingProvider>
        <CallLayer />
        <AppToaster />
      </Provider>
    </StrictMode>
  );
}
