import { isDeepStrictEqual } from 'node:util';
import { streamVersion } from '../../eventstore/read';
import type { NewEvent } from '../../../shared/events';
import { socialMessages } from '../../../shared/social/messages';
import type { Notification, NotificationPreferences } from '../../../shared/social/notifications';
import type { Db, Trx } from '../../db/schema';
import { append } from '../../eventstore/append';
import { notFound } from '../../http/errors';
import { lockMemberNotifications } from './member-lock';
import { presentNotifications } from './notification-presenter';
import { readPreferences } from './preferences';

export interface CommandContext {
  db: Db;
  requestId?: string;
}

export function notificationsStreamId(userId: string): string {
  return `notifications-${userId}`;
}

/**
 * Runs a command on a member's notifications stream: under the member's lock, so the version it
 * reads is still the stream's when it appends.
 */
function onMemberStream<T>(
  ctx: CommandContext,
  userId: string,
  command: (trx: Trx, appendEvent: (event: NewEvent) => Promise<void>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockMemberNotifications(trx, userId);
    const streamId = notificationsStreamId(userId);
    return command(trx, async (event) => {
      const version = await streamVersion(trx, streamId);
      await append(trx, streamId, version, [event], { actorId: userId, requestId: ctx.requestId });
    });
  });
}

/** Marks one of the caller's notifications read; one already read changes nothing. */
export function markNotificationRead(
  ctx: CommandContext,
  userId: string,
  notificationId: string,
): Promise<Notification> {
  return onMemberStream(ctx, userId, async (trx, appendEvent) => {
    const row = await trx
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', notificationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound(socialMessages.notificationNotFound);
    if (!row.read) {
      await appendEvent({ type: 'NotificationRead', data: { userId, notificationId } });
    }
    const [presented] = await presentNotifications(trx, [{ ...row, read: true }]);
    return presented!;
  });
}

/** Marks every notification of the caller read; appends only when one is unread. */
export function markAllNotificationsRead(ctx: CommandContext, userId: string): Promise<void> {
  return onMemberStream(ctx, userId, async (trx, appendEvent) => {
    const unread = await trx
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('read', '=', false)
      .limit(1)
      .executeTakeFirst();
    if (unread) await appendEvent({ type: 'AllNotificationsRead', data: { userId } });
  });
}

/** Replaces the caller's preferences; the same ones again append nothing. */
export function changeNotificationPreferences(
  ctx: CommandContext,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return onMemberStream(ctx, userId, async (trx, appendEvent) => {
    const current = await readPreferences(trx, userId);
    if (!isDeepStrictEqual(current, preferences)) {
      await appendEvent({ type: 'NotificationPreferencesChanged', data: { userId, preferences } });
    }
    return preferences;
  });
}
