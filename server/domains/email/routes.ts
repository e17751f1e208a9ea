import { Router } from 'express';
import type { RouteDeps } from '../routes';

export function emailRoutes(_deps: RouteDeps): Router {
  return Router();
}
