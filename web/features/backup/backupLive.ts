import type { Backup, RestoreJob } from '../../../shared/ops/backups';
import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { api } from '../../state/api';
import type { LiveFeature } from '../connection';
import { backupApi } from './backupApi';
import { upsertBackup, upsertRestore } from './backupCache';

const BACKUP_TAGS = ['Backups', 'BackupStats', 'BackupConfig', 'BackupRestores'] as const;

function versioned(value: unknown): value is { id: string; version: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { version?: unknown }).version === 'number'
  );
}

export const backupLive: LiveFeature = {
  name: 'backup',
  handlers: {
    [OPS_EVENTS.backup]: (payload, dispatch) => {
      if (!versioned(payload)) return;
      const backup = payload as Backup & { deleted?: boolean };
      dispatch(
        backupApi.util.updateQueryData('getBackups', undefined, (list) =>
          upsertBackup(list, backup),
        ),
      );
      if (backup.deleted || !['pending', 'running'].includes(backup.status)) {
        dispatch(api.util.invalidateTags(['BackupStats']));
      }
    },
    [OPS_EVENTS.restore]: (payload, dispatch) => {
      if (!versioned(payload)) return;
      const job = payload as RestoreJob;
      dispatch(
        backupApi.util.updateQueryData('getRestores', undefined, (list) =>
          upsertRestore(list, job),
        ),
      );
      // A completed restore rebuilt every read model: what this client shows may be stale.
      if (job.status === 'completed') {
        dispatch(
          api.util.invalidateTags([
            ...BACKUP_TAGS,
            'Badges',
            'People',
            'Friends',
            'FriendRequests',
            'Conversations',
            'Messages',
            'Notifications',
            'NotificationPreferences',
          ]),
        );
      }
    },
  },
  resync(dispatch) {
    dispatch(api.util.invalidateTags([...BACKUP_TAGS]));
  },
};
