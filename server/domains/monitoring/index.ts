import type { DomainModule } from '../../core/module';
import { alertsProjection } from './alerts-projection';
import { alertsPusher } from './alerts-pusher';
import { createMonitoringWorker } from './monitoring-worker';
import { timeRequests } from './request-timing';
import { monitoringRoutes } from './routes';
import { captureServerError } from './telemetry-buffer';
import { monitoringTestRoutes } from './test-routes';

/**
 * The operators' monitoring console: captured server and browser errors, request timings, the
 * process samplers, and alert rules that raise and resolve alerts as events.
 */
export const monitoringModule: DomainModule = {
  name: 'monitoring',
  projections: () => [alertsProjection],
  routes: (deps) => [...monitoringRoutes(deps), ...monitoringTestRoutes(deps)],
  pushers: () => [alertsPusher],
  workers: (deps) => [createMonitoringWorker(deps)],
  apiMiddleware: () => [timeRequests],
  onServerError: captureServerError,
};
