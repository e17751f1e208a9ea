import type { ModuleDeps } from '../../core/module';
import { VapidKeyStore } from './vapid-keys';

/** What the push module's routes, workers and `start` share within one server process. */
export interface PushServices {
  vapid: VapidKeyStore;
}

const byDb = new WeakMap<object, PushServices>();

/**
 * One set per composed application. Keyed by its database handle, which routes (module deps) and
 * workers (runtime deps, a copy of them) share.
 */
export function pushServices(deps: Pick<ModuleDeps, 'db'>): PushServices {
  const known = byDb.get(deps.db);
  if (known) return known;
  const services: PushServices = { vapid: new VapidKeyStore() };
  byDb.set(deps.db, services);
  return services;
}
