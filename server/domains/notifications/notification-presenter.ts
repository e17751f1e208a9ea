import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Notification, notificationActorSchema } from '../../../shared/social/notifications';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { Db } from '../../db/schema';
import type { NotificationsTable } from '../../db/tables/notifications';
import { notificationTitle } from './notification-text';

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationActor = z.infer<typeof notificationActorSchema>;

/** The most recent actors a notification shows faces for; `actorCount` tells the rest. */
const ACTORS_SHOWN = 3;
const UNKNOWN_ACTOR = 'Someone';

/**
 * One presenter for REST answers and socket pushes alike. The title and body are worded here,
 * by the wording the raising domain declared, from the latest actor's current name.
 */
export function presentNotification(
  row: NotificationRow,
  actors: ReadonlyMap<string, NotificationActor>,
  meanings: MeaningCatalogue,
): Notification {
  const wording = meanings.wordingOf(row.type);
  const latestName = actors.get(row.actor_ids[0] ?? '')?.displayName ?? UNKNOWN_ACTOR;
  return {
    id: row.id,
    type: row.type,
    title: notificationTitle(wording, latestName, row.actor_count),
    content: wording.content(latestName, row.message),
    timestamp: row.updated_at.toISOString(),
    read: row.read,
    priority: row.priority,
    category: 'social',
    actionUrl: row.action_url,
    actionData: row.action_data,
    securityLevel: 'standard',
    actors: row.actor_ids.slice(0, ACTORS_SHOWN).flatMap((id) => {
      const actor = actors.get(id);
      return actor ? [actor] : [];
    }),
    actorCount: row.actor_count,
  };
}

/** The actors the given notifications show, in one query. */
export async function loadActors(
  db: Db,
  rows: readonly NotificationRow[],
): Promise<Map<string, NotificationActor>> {
  const ids = [...new Set(rows.flatMap((row) => row.actor_ids.slice(0, ACTORS_SHOWN)))];
  if (ids.length === 0) return new Map();
  const users = await db
    .selectFrom('users')
    .select(['id', 'display_name', 'avatar'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    users.map((user) => [
      user.id,
      { id: user.id, displayName: user.display_name, avatar: user.avatar },
    ]),
  );
}

export async function presentNotifications(
  db: Db,
  rows: readonly NotificationRow[],
  meanings: MeaningCatalogue,
): Promise<Notification[]> {
  const actors = await loadActors(db, rows);
  return rows.map((row) => presentNotification(row, actors, meanings));
}
