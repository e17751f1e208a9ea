import type { Blocker } from 'react-router-dom';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { editorText } from './editorText';

/** The question a held navigation waits on: Stay keeps the page, Leave goes on without saving. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialogContent data-testid="leave-dialog">
        <AlertDialogTitle>Unsaved changes</AlertDialogTitle>
        <AlertDialogDescription>{editorText.leaveQuestion}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              // The dialog closes as the navigation goes on; closing it first would cancel it.
              event.preventDefault();
              blocker.proceed?.();
            }}
          >
            Leave
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
