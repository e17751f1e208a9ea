import { useState, type FormEvent } from 'react';
import { backupMessages, type RestoreJob } from '../../../shared/ops/backups';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { formatDate, restoreOutcome } from './backupFormat';
import { ProgressBar } from './ProgressBar';

interface Props {
  jobs: RestoreJob[];
  onRestore: (backupId: string) => void;
  busy: boolean;
}

export function RestoresTab({ jobs, onRestore, busy }: Props) {
  const [backupId, setBackupId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backupId.trim() === '') {
      setError(backupMessages.backupIdRequired);
      return;
    }
    setError(undefined);
    onRestore(backupId.trim());
  };

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4" noValidate>
        <h3 className="font-medium">Manual restore</h3>
        <TextField
          id="manual-restore-id"
          label="Backup ID"
          value={backupId}
          onChange={(event) => setBackupId(event.target.value)}
          error={error}
          placeholder="e.g. 3f1c…"
        />
        <div>
          <Button type="submit" disabled={busy}>
            Restore
          </Button>
        </div>
      </form>
      {jobs.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No restore jobs yet.</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Restore jobs">
          {jobs.map((job) => (
            <li key={job.id} className="grid gap-2 p-4" data-testid="restore-row">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  Backup {job.backupId} · {formatDate(job.startTime)}
                </span>
                <span className="capitalize">{job.status}</span>
              </div>
              {(job.status === 'running' || job.status === 'pending') && (
                <ProgressBar value={job.progress} label={`Restore progress ${job.id}`} />
              )}
              {job.status === 'completed' && (
                <span className="text-xs text-muted-foreground">{restoreOutcome(job)}</span>
              )}
              {job.error && <span className="text-sm text-destructive">{job.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
