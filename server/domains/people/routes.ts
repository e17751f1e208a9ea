import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function peopleRoutes(_deps: RouteDeps): Router {
  return Router();
}
