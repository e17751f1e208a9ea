import type { Migration } from 'kysely';
import * as eventStore from './20261122T021500-event-store';
import * as accounts from './20261122T022000-accounts';
import * as social from './20261122T043000-social';

/**
 * Every migration, keyed by its timestamped name. A static list (rather than reading the folder)
 * works the same under tsx, jest and a bundler.
 */
export const migrations: Record<string, Migration> = {
  '20261122T021500-event-store': eventStore,
  '20261122T022000-accounts': accounts,
  '20261122T043000-social': social,
};
