import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { TOAST } from '../../shared/constants';
import { TooltipProvider } from '../components/ui/tooltip';
import { LoggingProvider } from '../features/logs/LoggingProvider';
import { MonitoringSessionSync } from '../features/monitoring/MonitoringSessionSync';
import { startMonitoringCapture } from '../features/monitoring/reporter';
import { selectTheme } from '../features/theme/themeSlice';
import { ThemeSync } from '../features/theme/ThemeSync';
import { useAppSelector } from './hooks';
import { createRouter } from './router';
import type { AppStore } from './store';

const router = createRouter();
startMonitoringCapture();

function AppToaster() {
  const theme = useAppSelector(selectTheme);
  return (
    <Toaster
      position="top-right"
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
        {/* Spec 002 §9: tooltips open after 700 ms, and at once within 300 ms of the last one. */}
        <TooltipProvider delayDuration={700} skipDelayDuration={300}>
          <LoggingProvider>
            <RouterProvider router={router} />
          </LoggingProvider>
        </TooltipProvider>
        <AppToaster />
      </Provider>
    </StrictMode>
  );
}
