import { backupMessages, DEFAULT_BACKUP_CONFIG, type BackupConfig } from '../../shared/ops/backups';
import { loadConfig } from '../../server/config';
import {
  baseFor,
  configProblems,
  deleteBackup,
  requestRestore,
  startBackup,
  updateBackupConfig,
} from '../../server/domains/backup/commands';
import { ANA, by, decide, refusal, refusedAs, type StateOf } from './support/decide';

const FULL_1 = '30000000-0000-4000-8000-000000000001';
const FULL_2 = '30000000-0000-4000-8000-000000000002';
const INCREMENTAL = '30000000-0000-4000-8000-000000000003';

/** Completed backups, as the start reads them: later transactions have higher xids. */
const completed: StateOf<typeof startBackup>['completed'] = [
  { id: FULL_1, type: 'full', to_xid: '100', started_at: new Date('2026-03-01T02:00:00Z') },
  { id: FULL_2, type: 'full', to_xid: '200', started_at: new Date('2026-03-02T02:00:00Z') },
  {
    id: INCREMENTAL,
    type: 'incremental',
    to_xid: '300',
    started_at: new Date('2026-03-02T08:00:00Z'),
  },
];

const idle = (over: Partial<StateOf<typeof startBackup>> = {}): StateOf<typeof startBackup> => ({
  active: false,
  restoring: false,
  completed,
  ...over,
});

const withKey = loadConfig({ BACKUP_ENCRYPTION_KEY: 'a'.repeat(64) });
const withoutKey = loadConfig({});

describe('starting a backup', () => {
  it('refuses while a backup is pending or running', async () => {
    const refused = await refusal(startBackup, idle({ active: true }), {
      type: 'full',
      scheduled: false,
    });
    expect(refused).toEqual(refusedAs.conflict('conflict', backupMessages.alreadyRunning));
  });

  it('refuses while a restore is running', async () => {
    const refused = await refusal(startBackup, idle({ restoring: true }), {
      type: 'full',
      scheduled: false,
    });
    expect(refused).toEqual(refusedAs.conflict('conflict', backupMessages.restoreRunning));
  });

  it('refuses an incremental or differential backup with no completed full one', async () => {
    for (const type of ['incremental', 'differential'] as const) {
      const refused = await refusal(startBackup, idle({ completed: [] }), {
        type,
        scheduled: false,
      });
      expect(refused).toEqual(
        refusedAs.conflict('conflict', `A ${type} backup needs a completed full backup first.`),
      );
    }
  });

  it('records BackupStarted on a new backup stream and wakes the workers', async () => {
    const decision = await decide(
      startBackup,
      idle(),
      { type: 'incremental', scheduled: true },
      by(ANA),
    );
    expect(decision).toMatchObject({
      appends: [
        { streamId: `backup-${decision.result}`, expectedVersion: 0, types: ['BackupStarted'] },
      ],
      effects: 1,
      result: expect.any(String),
    });
    expect(decision.events).toEqual([
      {
        type: 'BackupStarted',
        data: {
          backupId: decision.result,
          type: 'incremental',
          baseBackupId: INCREMENTAL,
          scheduled: true,
        },
      },
    ]);
  });
});

describe('the backup a backup builds on', () => {
  it('is none for a full backup', () => {
    expect(baseFor('full', [])).toBeNull();
  });

  it('is the latest completed backup for an incremental one, the latest full for a differential', () => {
    expect(baseFor('incremental', completed)).toBe(INCREMENTAL);
    expect(baseFor('differential', completed)).toBe(FULL_2);
  });

  it('breaks a tie of transaction ids by the later start', () => {
    const tied = completed.map((backup) => ({ ...backup, to_xid: '500' }));
    expect(baseFor('differential', tied)).toBe(FULL_2);
  });
});

describe('the backup configuration', () => {
  it('has no problem as it ships', () => {
    expect(configProblems(DEFAULT_BACKUP_CONFIG, withoutKey)).toEqual({});
  });

  it('names each problem by its field', () => {
    const config: BackupConfig = {
      ...DEFAULT_BACKUP_CONFIG,
      encryption: { enabled: true, algorithm: 'AES-256-GCM' },
      providers: [
        { type: 'local', enabled: false, priority: 1 },
        { type: 's3', enabled: true, priority: 2 },
      ],
    };
    expect(configProblems(config, withoutKey)).toEqual({
      'encryption.enabled': backupMessages.encryptionWithoutKey,
      'providers.1.type': backupMessages.providerNotConfigured('s3'),
      providers: 'Enable the local provider: it is the only one configured.',
    });
    expect(
      configProblems({ ...DEFAULT_BACKUP_CONFIG, encryption: config.encryption }, withKey),
    ).toEqual({});
  });

  it('refuses a change with a problem, the first as the message', async () => {
    const encrypted: BackupConfig = {
      ...DEFAULT_BACKUP_CONFIG,
      encryption: { enabled: true, algorithm: 'AES-256-GCM' },
    };
    const refused = await refusal(
      updateBackupConfig,
      { version: 2 },
      { config: encrypted, appConfig: withoutKey },
    );
    expect(refused).toEqual(
      refusedAs.invalid('validation', backupMessages.encryptionWithoutKey, {
        'encryption.enabled': backupMessages.encryptionWithoutKey,
      }),
    );
  });

  it('appends BackupConfigChanged to the configuration stream', async () => {
    const decision = await decide(
      updateBackupConfig,
      { version: 2 },
      { config: DEFAULT_BACKUP_CONFIG, appConfig: withoutKey },
    );
    expect(decision.appends).toEqual([
      { streamId: 'backup-config', expectedVersion: 2, types: ['BackupConfigChanged'] },
    ]);
    expect(decision.events).toEqual([
      { type: 'BackupConfigChanged', data: { config: DEFAULT_BACKUP_CONFIG } },
    ]);
  });
});

describe('deleting a backup', () => {
  const when = { backupId: FULL_1, reason: 'manual' as const };

  it('answers not found for an unknown backup', async () => {
    const refused = await refusal(deleteBackup, { row: undefined, version: 0 }, when);
    expect(refused).toEqual(refusedAs.notFound(backupMessages.notFound));
  });

  it('refuses a backup still pending or running', async () => {
    for (const status of ['pending', 'running'] as const) {
      const refused = await refusal(
        deleteBackup,
        { row: { status, file_name: null }, version: 1 },
        when,
      );
      expect(refused).toEqual(refusedAs.conflict('conflict', backupMessages.deleteRunning));
    }
  });

  it('appends BackupDeleted and answers the file to remove after the commit', async () => {
    const decision = await decide(
      deleteBackup,
      { row: { status: 'completed', file_name: `backup-${FULL_1}.copy.gz` }, version: 3 },
      when,
    );
    expect(decision).toMatchObject({
      appends: [{ streamId: `backup-${FULL_1}`, expectedVersion: 3, types: ['BackupDeleted'] }],
      result: `backup-${FULL_1}.copy.gz`,
    });
    expect(decision.events).toEqual([
      { type: 'BackupDeleted', data: { backupId: FULL_1, reason: 'manual' } },
    ]);
  });
});

describe('requesting a restore', () => {
  const when = { backupId: FULL_2, options: { overwrite: true }, requestedBy: ANA };
  const ready = (
    over: Partial<StateOf<typeof requestRestore>> = {},
  ): StateOf<typeof requestRestore> => ({
    row: { status: 'completed' },
    active: false,
    restoring: false,
    ...over,
  });

  it('answers not found for an unknown backup', async () => {
    expect(await refusal(requestRestore, ready({ row: undefined }), when)).toEqual(
      refusedAs.notFound(backupMessages.notFound),
    );
  });

  it('refuses a backup that is not completed, and while a backup or restore runs', async () => {
    for (const [given, message] of [
      [ready({ row: { status: 'failed' } }), backupMessages.restoreOnlyCompleted],
      [ready({ active: true }), backupMessages.alreadyRunning],
      [ready({ restoring: true }), backupMessages.restoreRunning],
    ] as const) {
      expect(await refusal(requestRestore, given, when)).toEqual(
        refusedAs.conflict('conflict', message),
      );
    }
  });

  it('queues the job and wakes the workers, appending nothing', async () => {
    const decision = await decide(requestRestore, ready(), when);
    expect(decision).toMatchObject({ appends: [], effects: 2, reply: true });
  });
});
