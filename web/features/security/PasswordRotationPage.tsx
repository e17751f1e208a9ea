import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { logoutMessages } from '../../../shared/auth/logout-messages';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ChangePasswordForm } from './ChangePasswordForm';
import { AuthFrame, LOGIN_PATH, sessionEnded, useSignOutMutation } from '../auth';

/** A member who cannot choose a new password now may sign out instead. */
function SignOutInstead() {
  const dispatch = useAppDispatch();
  const [signOut, { isLoading }] = useSignOutMutation();
  async function leave() {
    try {
      await signOut().unwrap();
      toast.success(logoutMessages.success);
      dispatch(sessionEnded(LOGIN_PATH));
    } catch {
      toast.error(logoutMessages.failure);
    }
  }
  return (
    <Button variant="link" size="inline" disabled={isLoading} onClick={() => void leave()}>
      {isLoading && <Spinner className="size-3" />}
      Sign out instead
    </Button>
  );
}

/**
 * 001 §2: the member must choose a new password before anything else (an owner asked for it, or
 * it is older than the configured maximum age). The guard keeps them here until it is done.
 */
export function PasswordRotationPage() {
  useDocumentTitle('Password Rotation Required');
  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <span className="mx-auto flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <KeyRound className="size-5" aria-hidden />
          </span>
          <CardTitle>Password Rotation Required</CardTitle>
          <CardDescription>
            Choose a new password to keep your account secure. You will sign in again with it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <SignOutInstead />
        </CardFooter>
      </Card>
    </AuthFrame>
  );
}
