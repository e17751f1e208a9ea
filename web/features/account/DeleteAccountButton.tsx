import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DELETE_CONFIRMATION, accountMessages } from '../../../shared/account';
import { useAppDispatch } from '../../state/hooks';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { LOGIN_PATH, sessionEnded } from '../auth';
import { useDeleteAccountMutation } from './accountApi';
import {
  WHAT_IS_REMOVED,
  canConfirmDeletion,
  deletionFailureOf,
  type DeletionFailure,
} from './deleteAccountForm';

/**
 * Delete Account: a dialog that says what goes, asks for the password and the typed
 * confirmation, then deletes and signs the member out to the login page.
 */
export function DeleteAccountButton() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<DeletionFailure>({});
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();

  function changeOpen(next: boolean) {
    if (isLoading) return;
    setOpen(next);
    if (!next) {
      setPassword('');
      setConfirmation('');
      setFailure({});
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canConfirmDeletion(password, confirmation)) return;
    setFailure({});
    try {
      await deleteAccount({ password, confirmation }).unwrap();
      toast.success(accountMessages.deleted);
      dispatch(sessionEnded(LOGIN_PATH));
    } catch (error) {
      const described = deletionFailureOf(error);
      setFailure(described);
      if (described.general) toast.error(described.general);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden />
          Delete Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form className="grid gap-4" onSubmit={(event) => void submit(event)} noValidate>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>This cannot be undone. Everything below is removed for good:</p>
              <ul className="list-disc pl-5">
                {WHAT_IS_REMOVED.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </AlertDialogDescription>
          <TextField
            id="delete-account-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={failure.password}
            disabled={isLoading}
          />
          <TextField
            id="delete-account-confirmation"
            label={`Type ${DELETE_CONFIRMATION} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={failure.confirmation}
            disabled={isLoading}
          />
          {failure.general && (
            <p role="alert" className="text-[0.8rem] font-medium text-destructive">
              {failure.general}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={isLoading}>Cancel</AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              disabled={isLoading || !canConfirmDeletion(password, confirmation)}
            >
              {isLoading && <Spinner />}
              {isLoading ? 'Deleting…' : 'Delete my account'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
