import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function monitoringRoutes(_deps: RouteDeps): Router {
  return Router();
}
