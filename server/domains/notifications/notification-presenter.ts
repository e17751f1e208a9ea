import { sql, type Selectable } from 'kysely';
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
 * A notification's newest actors, newest first: the member each one is, or null for one whose
 * member row is gone.
 */
export type ShownActors = readonly (NotificationActor | null)[];

/**
 * One presenter for REST answers and socket pushes alike. The title and body are worded here,
 * by the wording the raising domain declared, from the latest actor's current name.
 */
export function presentNotification(
  row: NotificationRow,
  shown: ShownActors,
  meanings: MeaningCatalogue,
): Notification {
  const wording = meanings.wordingOf(row.type);
  const latestName = shown[0]?.displayName ?? UNKNOWN_ACTOR;
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
    actors: shown.flatMap((actor) => (actor ? [actor] : [])),
    actorCount: row.actor_count,
  };
}

/**
 * The newest actors of each notification, in one query: each notification's few from the top of
 * its actors index, however many it has, with their members' current names.
 */
export async function loadActors(
  db: Db,
  rows: readonly NotificationRow[],
): Promise<Map<string, ShownActors>> {
  const shown = new Map<string, (NotificationActor | null)[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return shown;
  const { rows: found } = await sql<{
    notification_id: string;
    actor_id: string;
    display_name: string | null;
    avatar: string | null;
    known: boolean;
  }>`
    select n.id as notification_id, a.actor_id, u.display_name, u.avatar, u.id is not null as known
    from unnest(${[...shown.keys()]}::uuid[]) as n(id)
    cross join lateral (
      select x.actor_id, x.position from notification_actors x
      where x.notification_id = n.id order by x.position desc limit ${ACTORS_SHOWN}
    ) a
    left join users u on u.id = a.actor_id
    order by n.id, a.position desc`.execute(db);
  for (const actor of found) {
    shown
      .get(actor.notification_id)!
      .push(
        actor.known
          ? { id: actor.actor_id, displayName: actor.display_name!, avatar: actor.avatar }
          : null,
      );
  }
  return shown;
}

export async function presentNotifications(
  db: Db,
  rows: readonly NotificationRow[],
  meanings: MeaningCatalogue,
): Promise<Notification[]> {
  const shown = await loadActors(db, rows);
  return rows.map((row) => presentNotification(row, shown.get(row.id) ?? [], meanings));
}
