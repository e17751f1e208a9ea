import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';

interface LogoutDialogProps {
  onOpenChange(open: boolean): void;
  onConfirm(): void;
}

/** "Log out of Agora?": mounted open when asked, closed by either answer. */
export function LogoutDialog({ onOpenChange, onConfirm }: LogoutDialogProps) {
  return (
    <AlertDialog open onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogTitle>Log out of Agora?</AlertDialogTitle>
        <AlertDialogDescription>
          You will need to sign in again to see your feed, messages and notifications.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Yes, log out</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
