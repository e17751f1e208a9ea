import type {
  AuditEntry,
  AuditPage,
  ModerationItem,
  QueuePage,
  QueueStatus,
} from '../../../shared/moderation';

/**
 * A pushed item on one cached page of the queue (its first page when `first`): the newer
 * version replaces the one held; an item that left the page's status leaves it; a new one with
 * that status joins the first page at its place, newest report first. An older version than the
 * one held changes nothing, so late pushes never undo newer answers.
 */
export function mergeQueueItem(
  page: QueuePage,
  status: QueueStatus,
  item: ModerationItem,
  first: boolean,
): void {
  const index = page.items.findIndex((held) => held.targetId === item.targetId);
  if (index >= 0) {
    if (page.items[index]!.version >= item.version) return;
    if (item.status === status) page.items[index] = item;
    else page.items.splice(index, 1);
    return;
  }
  if (!first || item.status !== status) return;
  const at = page.items.findIndex((held) => held.lastReportedAt < item.lastReportedAt);
  if (at < 0) page.items.push(item);
  else page.items.splice(at, 0, item);
}

/** A pushed audit entry joins the top of the first page, once. */
export function mergeAuditEntry(page: AuditPage, entry: AuditEntry): void {
  if (page.entries.some((held) => held.id === entry.id)) return;
  page.entries.unshift(entry);
}
