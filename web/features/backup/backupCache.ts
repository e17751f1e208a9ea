import type { Backup, RestoreJob } from '../../../shared/ops/backups';

/** Applies a pushed backup: newer versions win; a deleted one leaves the list. */
export function upsertBackup(list: Backup[], pushed: Backup & { deleted?: boolean }): Backup[] {
  const index = list.findIndex((b) => b.id === pushed.id);
  const current = index >= 0 ? list[index]! : null;
  if (current && current.version >= pushed.version) return list;
  if (pushed.deleted) return list.filter((b) => b.id !== pushed.id);
  const { deleted: _deleted, ...backup } = pushed;
  if (!current) {
    return [backup, ...list].sort((a, b) => b.startTime.localeCompare(a.startTime));
  }
  return list.map((b, i) => (i === index ? backup : b));
}

export function upsertRestore(list: RestoreJob[], pushed: RestoreJob): RestoreJob[] {
  const index = list.findIndex((j) => j.id === pushed.id);
  if (index < 0) return [pushed, ...list];
  if (list[index]!.version >= pushed.version) return list;
  return list.map((j, i) => (i === index ? pushed : j));
}
