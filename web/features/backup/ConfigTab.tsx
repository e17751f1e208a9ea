import { useState, type FormEvent } from 'react';
import { BACKUP_FREQUENCIES, BACKUP_TYPES, type BackupConfig } from '../../../shared/ops/backups';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

interface Props {
  config: BackupConfig;
  saving: boolean;
  onSave: (config: BackupConfig) => void;
}

const selectClass = 'h-9 rounded-md border border-input bg-card px-2 text-sm';
const RETENTION = ['daily', 'weekly', 'monthly', 'yearly'] as const;

/** The configuration form; the server refuses what it cannot honour (a key, a provider). */
export function ConfigTab({ config, saving, onSave }: Props) {
  const [draft, setDraft] = useState<BackupConfig>(config);
  const schedule = (change: Partial<BackupConfig['schedule']>) =>
    setDraft({ ...draft, schedule: { ...draft.schedule, ...change } });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(draft);
  };

  return (
    <form onSubmit={submit} className="grid gap-6 rounded-xl border bg-card p-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-medium">Schedule</legend>
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id="schedule-enabled"
            checked={draft.schedule.enabled}
            onCheckedChange={(value) => schedule({ enabled: value === true })}
          />
          <Label htmlFor="schedule-enabled">Run backups on a schedule</Label>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="schedule-frequency">Frequency</Label>
          <select
            id="schedule-frequency"
            className={selectClass}
            value={draft.schedule.frequency}
            onChange={(e) =>
              schedule({ frequency: e.target.value as BackupConfig['schedule']['frequency'] })
            }
          >
            {BACKUP_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="schedule-type">Backup type</Label>
          <select
            id="schedule-type"
            className={selectClass}
            value={draft.schedule.type}
            onChange={(e) => schedule({ type: e.target.value as BackupConfig['schedule']['type'] })}
          >
            {BACKUP_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="schedule-time">Time</Label>
          <Input
            id="schedule-time"
            type="time"
            value={draft.schedule.time}
            onChange={(e) => schedule({ time: e.target.value })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="schedule-timezone">Time zone</Label>
          <Input
            id="schedule-timezone"
            value={draft.schedule.timezone}
            onChange={(e) => schedule({ timezone: e.target.value })}
          />
        </div>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-4">
        <legend className="mb-2 font-medium">Retention (backups kept)</legend>
        {RETENTION.map((period) => (
          <div key={period} className="grid gap-1">
            <Label htmlFor={`retention-${period}`} className="capitalize">
              {period}
            </Label>
            <Input
              id={`retention-${period}`}
              type="number"
              min={0}
              max={1000}
              value={draft.retention[period]}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  retention: { ...draft.retention, [period]: Number(e.target.value) },
                })
              }
            />
          </div>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">Encryption</legend>
        <div className="flex items-center gap-2">
          <Checkbox
            id="encryption-enabled"
            checked={draft.encryption.enabled}
            onCheckedChange={(value) =>
              setDraft({ ...draft, encryption: { ...draft.encryption, enabled: value === true } })
            }
          />
          <Label htmlFor="encryption-enabled">Encrypt backups ({draft.encryption.algorithm})</Label>
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium">Storage providers</legend>
        {draft.providers.map((provider, index) => (
          <div key={provider.type} className="flex items-center gap-3">
            <Checkbox
              id={`provider-${provider.type}`}
              checked={provider.enabled}
              onCheckedChange={(value) =>
                setDraft({
                  ...draft,
                  providers: draft.providers.map((p, i) =>
                    i === index ? { ...p, enabled: value === true } : p,
                  ),
                })
              }
            />
            <Label htmlFor={`provider-${provider.type}`}>
              {provider.type} (priority {provider.priority})
            </Label>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={saving}>
          Save configuration
        </Button>
      </div>
    </form>
  );
}
