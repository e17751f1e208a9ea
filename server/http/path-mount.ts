import type { Router } from 'express';

/**
 * A router a module mounts outside `/api` (files at `/cdn`): it gets the caller's session and the
 * same error answers as the API, but no JSON body parsing and no API reference. The session comes
 * from a per-process cache (`DomainModule.cachedSessions`): who is signed in is exact, the
 * member's other details may be up to a minute old.
 */
export interface PathMount {
  path: string;
  router: Router;
}
