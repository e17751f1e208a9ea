import type { Backup } from '../../../shared/ops/backups';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { formatDate } from './backupFormat';

interface Props {
  backup: Backup | null;
  onCancel: () => void;
  onConfirm: (backup: Backup) => void;
}

export function DeleteDialog({ backup, onCancel, onConfirm }: Props) {
  return (
    <AlertDialog open={backup !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Delete backup?</AlertDialogTitle>
        <AlertDialogDescription>
          {backup
            ? `The ${backup.type} backup from ${formatDate(backup.startTime)} and its file are removed. This cannot be undone.`
            : ''}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => backup && onConfirm(backup)}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
