import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function messagingRoutes(_deps: RouteDeps): Router {
  return Router();
}
