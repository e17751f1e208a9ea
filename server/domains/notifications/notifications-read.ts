import { sql } from 'kysely';
import { z } from 'zod';
import { NOTIFICATIONS_PAGE } from '../../../shared/social/limits';
import type { NotificationsPage } from '../../../shared/social/notifications';
import { invalid } from '../../core/errors';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import type { Db } from '../../db/schema';
import { presentNotifications } from './notification-presenter';

/**
 * Where the next page starts: the last row's (updated_at, id). The time is kept in whole
 * microseconds since the epoch, as Postgres stores it: a JavaScript Date would round it to the
 * millisecond and skip or repeat rows at a page boundary.
 */
const cursorSchema = z.strictObject({ t: z.string().regex(/^\d{1,18}$/), i: z.uuid() });
type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalid('validation', 'Invalid cursor', { cursor: 'Invalid cursor' });
  }
}

/** A member's notifications, newest first, a page at a time. */
export async function readNotificationsPage(
  db: Db,
  meanings: MeaningCatalogue,
  userId: string,
  cursorText: string | undefined,
): Promise<NotificationsPage> {
  const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .select(sql<string>`(extract(epoch from updated_at) * 1000000)::bigint::text`.as('micros'))
    .where('user_id', '=', userId);
  if (cursor) {
    query = query.where(
      sql<boolean>`(updated_at, id) < (timestamptz 'epoch' + ${cursor.t}::bigint * interval '1 microsecond', ${cursor.i}::uuid)`,
    );
  }
  const rows = await query
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PAGE + 1)
    .execute();
  const page = rows.slice(0, NOTIFICATIONS_PAGE);
  const last = page[page.length - 1];
  return {
    notifications: await presentNotifications(db, page, meanings),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE && last
        ? encodeCursor({ t: last.micros, i: last.id })
        : null,
  };
}
