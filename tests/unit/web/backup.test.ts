import type { Backup } from '../../../shared/ops/backups';
import { upsertBackup } from '../../../web/features/backup/backupCache';
import { formatBytes, formatDate, rateDuration } from '../../../web/features/backup/backupFormat';

const backup = (id: string, version: number, startTime = '2026-11-23T10:00:00.000Z'): Backup => ({
  id,
  type: 'full',
  status: 'running',
  startTime,
  completedAt: null,
  duration: null,
  size: 0,
  checksum: null,
  encrypted: false,
  baseBackupId: null,
  metadata: { collections: {}, totalDocuments: 0, compressionRatio: 0 },
  progress: null,
  error: null,
  version,
});

describe('backup formats', () => {
  it('formats sizes from Bytes up to YB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(2 * 1024 ** 8)).toBe('2 YB');
    expect(formatBytes(3 * 1024 ** 9)).toBe('3072 YB');
  });

  it('rates durations by the 5 s and 10 s thresholds', () => {
    expect(rateDuration(4999)).toBe('excellent');
    expect(rateDuration(5000)).toBe('good');
    expect(rateDuration(9999)).toBe('good');
    expect(rateDuration(10000)).toBe('slow');
  });

  it('shows dates in US short format with hour and minute', () => {
    expect(formatDate('2026-11-23T15:04:00.000Z')).toMatch(/^11\/23\/26, \d{1,2}:\d{2}\s?[AP]M$/);
  });
});

describe('backup pushes', () => {
  it('keeps the newest version, inserts new backups first and drops deleted ones', () => {
    const list = [backup('a', 5)];
    expect(upsertBackup(list, backup('a', 4))).toBe(list);
    expect(upsertBackup(list, { ...backup('a', 6), status: 'completed' })[0]!.status).toBe(
      'completed',
    );
    const added = upsertBackup(list, backup('b', 1, '2026-11-23T11:00:00.000Z'));
    expect(added.map((b) => b.id)).toEqual(['b', 'a']);
    expect(upsertBackup(added, { ...backup('a', 7), deleted: true }).map((b) => b.id)).toEqual([
      'b',
    ]);
  });
});
