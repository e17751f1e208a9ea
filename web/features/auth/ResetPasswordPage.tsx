import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { authErrorMessages, authSuccessMessages } from '../../../shared/auth/messages';
import { newPasswordField } from '../../../shared/auth/schemas';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useConfirmPasswordResetMutation } from './authApi';
import { AuthFrame } from './AuthFrame';
import type { FieldErrors } from '../../lib/formErrors';
import { confirmationError } from './passwordConfirmation';
import { useFormFeedback } from './useFormFeedback';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

const ids: Record<Field, string> = {
  password: 'reset-password',
  confirmPassword: 'reset-confirm-password',
};

export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const feedback = useFormFeedback(FIELDS, ids);
  const { errors, general } = feedback;
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    feedback.reset();
    const checked = newPasswordField.safeParse(password);
    const fieldErrors: FieldErrors<Field> = {};
    if (!checked.success) fieldErrors.password = checked.error.issues[0]?.message;
    const confirmation = confirmationError(password, confirmPassword);
    if (confirmation) fieldErrors.confirmPassword = confirmation;
    if (Object.keys(fieldErrors).length > 0) {
      feedback.showFieldErrors(fieldErrors);
      return;
    }
    try {
      const result = await confirmReset({ token, password }).unwrap();
      setDone(result.message || authSuccessMessages.passwordChanged);
    } catch (failure) {
      feedback.showFailure(failure, authErrorMessages['reset-confirm-failed']);
    }
  }

  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>Set a new password</CardTitle>
          <CardDescription>Choose a password you don&apos;t use anywhere else.</CardDescription>
        </CardHeader>
        <CardContent>
          {!token ? (
            <Alert>{authErrorMessages['invalid-reset-token']}</Alert>
          ) : done ? (
            <div className="grid gap-5">
              <Alert tone="success">{done}</Alert>
              <Button asChild size="lg" className="w-full">
                <Link to="/login">Go to Sign In</Link>
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-5">
              {general && <Alert>{general}</Alert>}
              <fieldset disabled={isLoading} className="grid gap-4">
                <TextField
                  id={ids.password}
                  label="New Password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  error={errors.password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    feedback.clearField('password');
                  }}
                />
                <TextField
                  id={ids.confirmPassword}
                  label="Confirm Password"
                  type="password"
                  autoComplete="new-password"
                  value={confirmPassword}
                  error={errors.confirmPassword}
                  onChange={(event) => {
                    setConfirmPassword(event.target.value);
                    feedback.clearField('confirmPassword');
                  }}
                />
                <Button type="submit" size="lg" className="mt-1 w-full">
                  {isLoading && <Spinner />}
                  Set Password
                </Button>
              </fieldset>
            </form>
          )}
        </CardContent>
        {!done && (
          <CardFooter className="gap-1 text-muted-foreground">
            Remembered it?
            <Link to="/login" className="font-medium text-primary hover:underline">
              Back to Sign In
            </Link>
          </CardFooter>
        )}
      </Card>
    </AuthFrame>
  );
}
