import { useState } from 'react';
import type { Backup, RestoreOptions } from '../../../shared/ops/backups';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';

interface Props {
  backup: Backup | null;
  onCancel: () => void;
  onConfirm: (backup: Backup, options: RestoreOptions) => void;
}

/** Confirms a restore, with the collections to restore and whether to overwrite. */
export function RestoreDialog({ backup, onCancel, onConfirm }: Props) {
  const collections = Object.keys(backup?.metadata.collections ?? {}).filter((c) => c !== 'backup');
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const selected = chosen ?? collections;

  const toggle = (name: string, on: boolean) =>
    setChosen(on ? [...selected, name] : selected.filter((c) => c !== name));

  return (
    <AlertDialog
      open={backup !== null}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(null);
          setOverwrite(false);
          onCancel();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Restore from backup?</AlertDialogTitle>
        <AlertDialogDescription>
          The chosen collections are restored from this backup and its chain, then every read model
          is rebuilt.
        </AlertDialogDescription>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Collections</legend>
          {collections.map((name) => (
            <div key={name} className="flex items-center gap-2">
              <Checkbox
                id={`restore-collection-${name}`}
                checked={selected.includes(name)}
                onCheckedChange={(value) => toggle(name, value === true)}
              />
              <Label htmlFor={`restore-collection-${name}`}>
                {name} ({backup?.metadata.collections[name]})
              </Label>
            </div>
          ))}
        </fieldset>
        <div className="flex items-center gap-2">
          <Checkbox
            id="restore-overwrite"
            checked={overwrite}
            onCheckedChange={(value) => setOverwrite(value === true)}
          />
          <Label htmlFor="restore-overwrite">Overwrite existing data</Label>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={selected.length === 0}
            onClick={() => {
              if (!backup) return;
              const all = selected.length === collections.length;
              onConfirm(backup, { overwrite, ...(all ? {} : { collections: selected }) });
              setChosen(null);
              setOverwrite(false);
            }}
          >
            Restore
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
