import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { Notification, NotificationsPage } from '../../../shared/social';

/** The cached list: pages fetched by cursor, newest first; `null` is the first page's cursor. */
export type NotificationsCache = InfiniteData<NotificationsPage, string | null>;

/*
 * The recipes below mutate an Immer draft of the cache (they are passed to updateQueryData), so
 * each change is recorded as a patch and an optimistic one can be undone on its own.
 */

function findNotification(cache: NotificationsCache, id: string): Notification | undefined {
  for (const page of cache.pages) {
    const found = page.notifications.find((notification) => notification.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A pushed notification goes on top of the first page; a regrouped one ("Ana and 3 others ...")
 * keeps its id, so its older copy is taken out wherever it sits. A push older than the copy we
 * hold (delivered late) is ignored rather than rolling the group back.
 */
export function upsertNotification(cache: NotificationsCache, incoming: Notification): void {
  const first = cache.pages[0];
  if (!first) return;
  const held = findNotification(cache, incoming.id);
  if (held && Date.parse(held.timestamp) > Date.parse(incoming.timestamp)) return;
  for (const page of cache.pages) {
    const index = page.notifications.findIndex((notification) => notification.id === incoming.id);
    if (index !== -1) page.notifications.splice(index, 1);
  }
  first.notifications.unshift(incoming);
}

/** The server's answer for one notification, in place (it does not move the item). */
export function replaceNotification(cache: NotificationsCache, updated: Notification): void {
  for (const page of cache.pages) {
    const index = page.notifications.findIndex((notification) => notification.id === updated.id);
    if (index !== -1) page.notifications[index] = updated;
  }
}

export function markNotificationRead(cache: NotificationsCache, id: string): void {
  for (const page of cache.pages) {
    for (const notification of page.notifications) {
      if (notification.id === id) notification.read = true;
    }
  }
}

export function markAllNotificationsRead(cache: NotificationsCache): void {
  for (const page of cache.pages) {
    for (const notification of page.notifications) notification.read = true;
  }
}

/**
 * The pages as one list. A regrouped item can briefly sit in two pages (a push moved it to the
 * top while a later page was in flight); the first, newer copy wins.
 */
export function flattenNotifications(pages: readonly NotificationsPage[]): Notification[] {
  const seen = new Set<string>();
  const list: Notification[] = [];
  for (const page of pages) {
    for (const notification of page.notifications) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      list.push(notification);
    }
  }
  return list;
}
