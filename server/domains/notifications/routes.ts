import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function notificationsRoutes(_deps: RouteDeps): Router {
  return Router();
}
