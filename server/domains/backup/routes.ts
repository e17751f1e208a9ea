import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function backupRoutes(_deps: RouteDeps): Router {
  return Router();
}
