import type { Router } from 'express';

/**
 * A router a module mounts outside `/api` (files at `/cdn`): it gets the caller's session like
 * the API does and the same error answers, but no JSON body parsing and no API reference.
 */
export interface PathMount {
  path: string;
  router: Router;
}
