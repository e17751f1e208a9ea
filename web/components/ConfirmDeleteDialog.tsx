import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './ui/alert-dialog';

export interface ConfirmDeleteDialogProps {
  /** What is about to go, or null while nothing is: "this image", "3 images". */
  what: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting files cannot be undone, so it is asked first (bulk and single alike). */
export function ConfirmDeleteDialog({ what, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <AlertDialog open={what !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>Delete {what}?</AlertDialogTitle>
        <AlertDialogDescription>
          Are you sure you want to delete {what}? This action cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
