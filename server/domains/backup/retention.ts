import type { BackupConfig } from '../../../shared/ops/backups';
import { localParts } from './schedule';

export interface RetainedBackup {
  id: string;
  startedAt: Date;
  baseBackupId: string | null;
}

type Retention = BackupConfig['retention'];

/**
 * Backups younger than this are never pruned: an operator who just took one (or several in a
 * day) must not see it vanish, and the counts below thin out what is older.
 */
export const RETENTION_GRACE_MS = 24 * 60 * 60 * 1000;

function isoWeek(year: number, month: number, day: number): string {
  // The ISO week is the one holding this week's Thursday, numbered within that Thursday's year.
  const thursday = new Date(Date.UTC(year, month - 1, day));
  thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${week}`;
}

/**
 * Grandfather-father-son retention over completed backups: the newest backup of each of the
 * last `daily` days, `weekly` ISO weeks, `monthly` months and `yearly` years is kept, with every
 * backup its chain builds on. The newest backup, and every backup started within the grace period
 * before `now`, are always kept. Returns the ids to delete.
 */
export function backupsToPrune(
  backups: RetainedBackup[],
  retention: Retention,
  timeZone: string,
  now: Date,
): string[] {
  if (backups.length === 0) return [];
  const newestFirst = [...backups].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  const keep = new Set<string>([newestFirst[0]!.id]);
  for (const backup of newestFirst) {
    if (now.getTime() - backup.startedAt.getTime() < RETENTION_GRACE_MS) keep.add(backup.id);
  }
  const buckets: [keyof Retention, (b: RetainedBackup) => string][] = [
    [
      'daily',
      (b) => {
        const p = localParts(b.startedAt, timeZone);
        return `${p.year}-${p.month}-${p.day}`;
      },
    ],
    [
      'weekly',
      (b) => {
        const p = localParts(b.startedAt, timeZone);
        return isoWeek(p.year, p.month, p.day);
      },
    ],
    [
      'monthly',
      (b) => {
        const p = localParts(b.startedAt, timeZone);
        return `${p.year}-${p.month}`;
      },
    ],
    ['yearly', (b) => String(localParts(b.startedAt, timeZone).year)],
  ];
  for (const [period, bucketOf] of buckets) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= retention[period]) break;
      const bucket = bucketOf(backup);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(backup.id);
    }
  }
  const byId = new Map(backups.map((b) => [b.id, b]));
  for (const id of [...keep]) {
    let base = byId.get(id)?.baseBackupId ?? null;
    while (base && !keep.has(base)) {
      keep.add(base);
      base = byId.get(base)?.baseBackupId ?? null;
    }
  }
  return newestFirst.filter((b) => !keep.has(b.id)).map((b) => b.id);
}
