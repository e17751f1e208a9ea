import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { DEFAULT_BACKUP_CONFIG, streamCategory } from '../../shared/ops/backups';
import {
  BackupKeyError,
  encryptor,
  openBackupFile,
} from '../../server/domains/backup/backup-files';
import { ParallelGzip } from '../../server/domains/backup/parallel-gzip';
import { RowCounter } from '../../server/domains/backup/progress';
import { backupsToPrune } from '../../server/domains/backup/retention';
import { isBackupDue, latestSlot, zonedTime } from '../../server/domains/backup/schedule';

const schedule = (over: Partial<typeof DEFAULT_BACKUP_CONFIG.schedule>) => ({
  ...DEFAULT_BACKUP_CONFIG.schedule,
  enabled: true,
  ...over,
});

describe('schedule', () => {
  it('finds the latest daily slot in the schedule time zone', () => {
    const s = schedule({ frequency: 'daily', time: '02:00', timezone: 'America/New_York' });
    // 2026-11-23 06:59 UTC is 01:59 in New York: the slot is the day before, 07:00 UTC.
    expect(latestSlot(s, new Date('2026-11-23T06:59:00Z')).toISOString()).toBe(
      '2026-11-22T07:00:00.000Z',
    );
    expect(latestSlot(s, new Date('2026-11-23T07:00:00Z')).toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
  });

  it('handles hourly, weekly (Mondays) and monthly (the 1st) slots', () => {
    const now = new Date('2026-11-25T10:20:00Z'); // a Wednesday
    expect(latestSlot(schedule({ frequency: 'hourly', time: '00:30' }), now).toISOString()).toBe(
      '2026-11-25T09:30:00.000Z',
    );
    expect(latestSlot(schedule({ frequency: 'weekly', time: '03:00' }), now).toISOString()).toBe(
      '2026-11-23T03:00:00.000Z',
    );
    expect(latestSlot(schedule({ frequency: 'monthly', time: '03:00' }), now).toISOString()).toBe(
      '2026-11-01T03:00:00.000Z',
    );
    const firstOfMonth = new Date('2026-12-01T01:00:00Z');
    expect(
      latestSlot(schedule({ frequency: 'monthly', time: '03:00' }), firstOfMonth).toISOString(),
    ).toBe('2026-11-01T03:00:00.000Z');
  });

  it('is due once a slot passes after the last run, never when disabled', () => {
    const s = schedule({ frequency: 'daily', time: '02:00', timezone: 'UTC' });
    const since = new Date('2026-11-22T02:00:05Z');
    expect(isBackupDue(s, new Date('2026-11-23T01:59:00Z'), since)).toBe(false);
    expect(isBackupDue(s, new Date('2026-11-23T02:00:00Z'), since)).toBe(true);
    expect(isBackupDue({ ...s, enabled: false }, new Date('2026-11-23T02:00:00Z'), since)).toBe(
      false,
    );
  });

  it('converts wall-clock times across daylight saving', () => {
    expect(zonedTime('Europe/Berlin', 2026, 7, 1, 2, 0).toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
    expect(zonedTime('Europe/Berlin', 2026, 1, 1, 2, 0).toISOString()).toBe(
      '2026-01-01T01:00:00.000Z',
    );
  });
});

describe('retention', () => {
  const day = (n: number, hour = 12) => new Date(Date.UTC(2026, 10, n, hour));
  const later = day(28);

  it('keeps the newest per day, week, month and year, and every base a kept backup needs', () => {
    const backups = [
      { id: 'full-1', startedAt: day(2), baseBackupId: null },
      { id: 'inc-1', startedAt: day(3), baseBackupId: 'full-1' },
      { id: 'full-2', startedAt: day(20), baseBackupId: null },
      { id: 'full-3', startedAt: day(21, 1), baseBackupId: null },
      { id: 'inc-3', startedAt: day(21, 2), baseBackupId: 'full-3' },
    ];
    const pruned = backupsToPrune(
      backups,
      { daily: 2, weekly: 0, monthly: 0, yearly: 0 },
      'UTC',
      later,
    );
    expect(pruned.sort()).toEqual(['full-1', 'inc-1']);
    expect(
      backupsToPrune(backups, { daily: 0, weekly: 0, monthly: 0, yearly: 0 }, 'UTC', later).sort(),
    ).toEqual(['full-1', 'full-2', 'inc-1']);
    expect(
      backupsToPrune(backups, { daily: 1, weekly: 3, monthly: 0, yearly: 0 }, 'UTC', later).sort(),
    ).toEqual(['full-2']);
  });

  it('never prunes a backup started within the last 24 hours', () => {
    const now = day(21, 12);
    const backups = [
      { id: 'old', startedAt: day(10), baseBackupId: null },
      { id: 'this-morning', startedAt: day(21, 1), baseBackupId: null },
      { id: 'yesterday-noon', startedAt: day(20, 13), baseBackupId: null },
      { id: 'newest', startedAt: day(21, 11), baseBackupId: null },
    ];
    const none = { daily: 0, weekly: 0, monthly: 0, yearly: 0 };
    expect(backupsToPrune(backups, none, 'UTC', now)).toEqual(['old']);
  });

  it('names stream categories', () => {
    expect(streamCategory('friendship-a-b')).toBe('friendship');
    expect(streamCategory('backup-config')).toBe('backup');
  });
});

describe('encrypted files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'agora-backup-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips with the key and refuses another key', async () => {
    const file = path.join(dir, 'file.enc');
    const key = randomBytes(32);
    const plain = Buffer.from('row one\nrow two\n'.repeat(1000));
    await pipeline(Readable.from([plain]), encryptor(key), createWriteStream(file));
    const chunks: Buffer[] = [];
    for await (const chunk of await openBackupFile(file, true, key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(plain)).toBe(true);

    const read = async () => {
      for await (const chunk of await openBackupFile(file, true, randomBytes(32))) void chunk;
    };
    await expect(read()).rejects.toBeInstanceOf(BackupKeyError);
  });
});

describe('row counter', () => {
  it('counts rows across chunk boundaries', async () => {
    const text =
      '1\tuser-a\t1\tUserRegistered\t{}\t{}\tt\n2\tfriendship-a-b\t1\tX\t{}\t{}\tt\n' +
      '3\tbackup-config\t1\tY\t{}\t{}\tt\n4\tuser-b\t1\tZ\t{"a":"x-y"}\t{}\tt\n';
    const bytes = Buffer.from(text);
    const counter = new RowCounter(() => undefined);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 50), bytes.subarray(50)];
    const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    await pipeline(Readable.from(chunks), counter, sink);
    expect(counter.rows).toBe(4);
    expect(counter.bytes).toBe(bytes.length);
  });
});

describe('parallel gzip', () => {
  const gunzipped = async (chunks: Buffer[], blockBytes: number) => {
    const parts: Buffer[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        parts.push(chunk);
        callback();
      },
    });
    await pipeline(
      Readable.from(chunks),
      new ParallelGzip({ level: 1, blockBytes, threads: 3 }),
      sink,
    );
    return gunzipSync(Buffer.concat(parts));
  };

  it('writes gzip members in order that gunzip reads back as the input', async () => {
    const text = Buffer.from(Array.from({ length: 5000 }, (_, i) => `${i}\tuser-${i}\n`).join(''));
    const chunks = Array.from({ length: 40 }, (_, i) =>
      text.subarray((i * text.length) / 40, ((i + 1) * text.length) / 40),
    );
    expect((await gunzipped(chunks, 1000)).equals(text)).toBe(true);
  });

  it('makes a valid empty file of an empty input', async () => {
    expect((await gunzipped([], 1000)).length).toBe(0);
  });
});
