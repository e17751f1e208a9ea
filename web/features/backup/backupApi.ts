import type {
  Backup,
  BackupConfig,
  BackupConfigView,
  BackupStats,
  BackupType,
  RestoreJob,
  RestoreOptions,
} from '../../../shared/ops/backups';
import { api } from '../../state/api';

export const backupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBackups: build.query<Backup[], void>({
      query: () => 'backups',
      transformResponse: (raw: { backups: Backup[] }) => raw.backups,
      providesTags: ['Backups'],
    }),
    getBackupStats: build.query<BackupStats, void>({
      query: () => 'backups/stats',
      providesTags: ['BackupStats'],
    }),
    getBackupConfig: build.query<BackupConfigView, void>({
      query: () => 'backups/config',
      providesTags: ['BackupConfig'],
    }),
    getRestores: build.query<RestoreJob[], void>({
      query: () => 'backups/restores',
      transformResponse: (raw: { restores: RestoreJob[] }) => raw.restores,
      providesTags: ['BackupRestores'],
    }),
    startBackup: build.mutation<Backup, BackupType>({
      query: (type) => ({ url: 'backups', method: 'POST', body: { type } }),
      invalidatesTags: ['Backups', 'BackupStats'],
    }),
    deleteBackup: build.mutation<void, string>({
      query: (id) => ({ url: `backups/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Backups', 'BackupStats'],
    }),
    restoreBackup: build.mutation<RestoreJob, { id: string; options: RestoreOptions }>({
      query: ({ id, options }) => ({
        url: `backups/${encodeURIComponent(id)}/restore`,
        method: 'POST',
        body: options,
      }),
      invalidatesTags: ['BackupRestores'],
    }),
    updateBackupConfig: build.mutation<BackupConfigView, BackupConfig>({
      query: (config) => ({ url: 'backups/config', method: 'PUT', body: config }),
      invalidatesTags: ['BackupConfig'],
    }),
  }),
});

export const {
  useGetBackupsQuery,
  useGetBackupStatsQuery,
  useGetBackupConfigQuery,
  useGetRestoresQuery,
  useStartBackupMutation,
  useDeleteBackupMutation,
  useRestoreBackupMutation,
  useUpdateBackupConfigMutation,
} = backupApi;
