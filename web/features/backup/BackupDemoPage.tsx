import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  BACKUP_REFRESH_AFTER_ACTION_MS,
  BACKUP_REFRESH_MS,
  BACKUP_STATUS_POLL_MS,
  BACKUP_TYPES,
  backupMessages,
  type Backup,
  type BackupType,
  type RestoreOptions,
} from '../../../shared/ops/backups';
import { LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useLiveFeature } from '../connection';
import { OwnerOnly, useFallbackPolling } from '../ops';
import {
  useDeleteBackupMutation,
  useGetBackupConfigQuery,
  useGetBackupStatsQuery,
  useGetBackupsQuery,
  useGetRestoresQuery,
  useRestoreBackupMutation,
  useStartBackupMutation,
  useUpdateBackupConfigMutation,
} from './backupApi';
import { BackupList } from './BackupList';
import { BackupStatsCards } from './BackupStatsCards';
import { ConfigTab } from './ConfigTab';
import { DeleteDialog } from './DeleteDialog';
import { DismissibleBanner } from '../../components/DismissibleBanner';
import { RestoreDialog } from './RestoreDialog';
import { RestoresTab } from './RestoresTab';

const triggerClass = cn(
  'inline-flex items-center rounded-lg px-3 py-1.5 text-sm font-medium text-muted-foreground',
  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

const LABELS: Record<BackupType, string> = {
  full: 'Start Full Backup',
  incremental: 'Start Incremental Backup',
  differential: 'Start Differential Backup',
};

function BackupDashboard() {
  useLiveFeature('backup');
  const refresh = useFallbackPolling(BACKUP_REFRESH_MS);
  const statusPoll = useFallbackPolling(BACKUP_STATUS_POLL_MS);
  const backups = useGetBackupsQuery(undefined, { pollingInterval: statusPoll });
  const stats = useGetBackupStatsQuery(undefined, { pollingInterval: refresh });
  const config = useGetBackupConfigQuery(undefined, { pollingInterval: refresh });
  const restores = useGetRestoresQuery(undefined, { pollingInterval: statusPoll });
  const [startBackup, starting] = useStartBackupMutation();
  const [deleteBackup] = useDeleteBackupMutation();
  const [restoreBackup, restoring] = useRestoreBackupMutation();
  const [updateConfig, saving] = useUpdateBackupConfigMutation();
  const [error, setError] = useState<string | null>(null);
  const [loadDismissed, setLoadDismissed] = useState(false);
  const [restoreTarget, setRestoreTarget] = useState<Backup | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Backup | null>(null);
  const timers = useRef<number[]>([]);
  const latest = useRef(backups.data);
  useEffect(() => {
    latest.current = backups.data;
  }, [backups.data]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  const loadFailed = backups.isError || stats.isError || restores.isError || config.isError;
  const running = (backups.data ?? []).some(
    (b) => b.status === 'running' || b.status === 'pending',
  );

  /** Spec §9: the list refreshes 1 s after a start or restore, unless a push already did. */
  const refreshSoon = (settled: () => boolean) => {
    timers.current.push(
      window.setTimeout(() => {
        if (!settled()) void backups.refetch();
        void restores.refetch();
      }, BACKUP_REFRESH_AFTER_ACTION_MS),
    );
  };

  const start = async (type: BackupType) => {
    try {
      const backup = await startBackup(type).unwrap();
      refreshSoon(
        () =>
          latest.current?.some((b) => b.id === backup.id && b.version > backup.version) ?? false,
      );
    } catch {
      setError(backupMessages.startFailed);
    }
  };

  const restore = async (backupId: string, options: RestoreOptions) => {
    try {
      await restoreBackup({ id: backupId, options }).unwrap();
      toast.success('Restore started');
      refreshSoon(() => false);
    } catch {
      setError(backupMessages.restoreFailed);
    }
  };

  const remove = async (backup: Backup) => {
    setDeleteTarget(null);
    try {
      await deleteBackup(backup.id).unwrap();
    } catch {
      setError(backupMessages.deleteFailed);
    }
  };

  return (
    <div className="grid gap-6">
      {(error ?? (loadFailed && !loadDismissed ? backupMessages.loadFailed : null)) && (
        <DismissibleBanner
          message={error ?? backupMessages.loadFailed}
          onDismiss={() => {
            if (error) setError(null);
            else setLoadDismissed(true);
          }}
        />
      )}
      <BackupStatsCards stats={stats.data} />
      <div className="flex flex-wrap gap-2">
        {BACKUP_TYPES.map((type) => (
          <Button
            key={type}
            variant={type === 'full' ? 'default' : 'outline'}
            disabled={running || starting.isLoading}
            onClick={() => void start(type)}
          >
            {LABELS[type]}
          </Button>
        ))}
      </div>
      <Tabs.Root defaultValue="backups" className="grid gap-4">
        <Tabs.List
          className="inline-flex w-fit gap-1 rounded-xl bg-muted p-1"
          aria-label="Backup sections"
        >
          <Tabs.Trigger value="backups" className={triggerClass}>
            Backups
          </Tabs.Trigger>
          <Tabs.Trigger value="restores" className={triggerClass}>
            Restores
          </Tabs.Trigger>
          <Tabs.Trigger value="configuration" className={triggerClass}>
            Configuration
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="backups">
          {backups.isLoading ? (
            <LoadingState label="Loading backups…" />
          ) : (
            <BackupList
              backups={backups.data ?? []}
              onRestore={setRestoreTarget}
              onDelete={setDeleteTarget}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="restores">
          {restores.isLoading ? (
            <LoadingState label="Loading restore jobs…" />
          ) : (
            <RestoresTab
              jobs={restores.data ?? []}
              busy={restoring.isLoading}
              onRestore={(id) => void restore(id, {})}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="configuration">
          {config.data ? (
            <ConfigTab
              key={config.data.version}
              config={config.data.config}
              saving={saving.isLoading}
              onSave={(next) =>
                void updateConfig(next)
                  .unwrap()
                  .then(() => toast.success('Configuration saved'))
                  .catch(() => setError(backupMessages.configFailed))
              }
            />
          ) : (
            <LoadingState label="Loading configuration…" />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <RestoreDialog
        backup={restoreTarget}
        onCancel={() => setRestoreTarget(null)}
        onConfirm={(backup, options) => {
          setRestoreTarget(null);
          void restore(backup.id, options);
        }}
      />
      <DeleteDialog
        backup={deleteTarget}
        onCancel={() => setDeleteTarget(null)}
        onConfirm={(backup) => void remove(backup)}
      />
    </div>
  );
}

export function BackupDemoPage() {
  return (
    <OwnerOnly title="Backup and Recovery">
      <PageHeader
        title="Backup and Recovery"
        description="Backups, restores and their configuration."
      />
      <BackupDashboard />
    </OwnerOnly>
  );
}
