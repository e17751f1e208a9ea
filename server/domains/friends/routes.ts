import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function friendsRoutes(_deps: RouteDeps): Router {
  return Router();
}
