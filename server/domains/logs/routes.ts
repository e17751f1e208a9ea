import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function logsRoutes(_deps: RouteDeps): Router {
  return Router();
}
