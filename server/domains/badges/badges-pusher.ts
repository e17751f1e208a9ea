import { sql } from 'kysely';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { Members } from '../../core/meanings';
import type { Db } from '../../db/schema';
import type { StoredEvent } from '../../eventstore/stored-event';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { readBadgesOf } from './badges-read';

/** The members whose badges a batch of events may have changed, with one query for the rest. */
async function badgeAudience(
  meanings: MeaningCatalogue,
  events: StoredEvent[],
  db: Db,
): Promise<string[]> {
  const audience = new Set<string>();
  const queries: NonNullable<Members['query']>[] = [];
  for (const event of events) {
    const effect = meanings.badges(event);
    for (const members of [effect?.recount, effect?.increment?.members]) {
      members?.ids?.forEach((id) => audience.add(id));
      if (members?.query) queries.push(members.query);
    }
  }
  if (queries.length > 0) {
    const { rows } = await sql<{ user_id: string }>`${sql.join(
      queries.map((query) => sql`(${query})`),
      sql` union `,
    )}`.execute(db);
    for (const { user_id } of rows) audience.add(user_id);
  }
  return [...audience];
}

/**
 * Pushes each affected member's current badges, read after commit. Several events for one member
 * in a batch become one push; a value already pushed from this process is not pushed again.
 */
export function badgesPusher(meanings: MeaningCatalogue): Pusher {
  const lastPushed = new Map<string, number>();
  return {
    name: 'badges',
    async push(events, io, db) {
      const audience = await badgeAudience(meanings, events, db);
      const local = audience.filter((userId) => {
        const here = isHere(io, userId);
        if (!here) lastPushed.delete(userId);
        return here;
      });
      const badges = await readBadgesOf(db, local);
      for (const [userId, value] of badges) {
        if ((lastPushed.get(userId) ?? -1) >= value.version) continue;
        lastPushed.set(userId, value.version);
        io.local.to(userRoom(userId)).emit(SOCKET_EVENTS.badges, value);
      }
    },
  };
}
