import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { authSuccessMessages } from '../../../shared/auth/messages';
import type { SignedInSession } from '../../../shared/auth/schemas';
import { twoFactorMessages as m } from '../../../shared/auth/security-messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf } from '../../lib/formErrors';
import { useSignInWithTwoFactorMutation } from './authApi';

const SIX_DIGITS = /^\d{6}$/;
const RECOVERY = /^[a-z0-9]{10}$/;

export interface TwoFactorSignInStepProps {
  challengeId: string;
  onSignedIn(session: SignedInSession): void;
  /** Back to the email and password (the challenge expired or was spent). */
  onRestart(): void;
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export function TwoFactorSignInStep({
  challengeId,
  onSignedIn,
  onRestart,
}: TwoFactorSignInStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);
  const [verify, { isLoading }] = useSignInWithTwoFactorMutation();
  const fieldId = useRecovery ? 'login-recovery-code' : 'login-two-factor-code';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = useRecovery
      ? code.replace(/[\s-]+/g, '').toLowerCase()
      : code.replace(/\s+/g, '');
    if (!(useRecovery ? RECOVERY : SIX_DIGITS).test(typed)) {
      setError(useRecovery ? m.invalidRecoveryCode : m.invalidCode);
      document.getElementById(fieldId)?.focus();
      return;
    }
    try {
      const session = await verify(
        useRecovery ? { challengeId, recoveryCode: typed } : { challengeId, code: typed },
      ).unwrap();
      toast.success(authSuccessMessages.login);
      onSignedIn(session);
    } catch (failure) {
      const apiError = apiErrorOf(failure);
      if (apiError?.code === 'two-factor-challenge-expired') {
        setExpired(true);
        return;
      }
      setError(apiError?.message ?? 'Failed to verify the code. Please try again.');
      document.getElementById(fieldId)?.focus();
    }
  }

  if (expired) {
    return (
      <div className="grid gap-4">
        <Alert>{m.challengeExpired}</Alert>
        <Button onClick={onRestart}>Back to sign in</Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <fieldset disabled={isLoading} className="grid gap-5">
        <TextField
          key={fieldId}
          id={fieldId}
          label={useRecovery ? 'Recovery code' : 'Verification code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete={useRecovery ? 'off' : 'one-time-code'}
          autoFocus
          maxLength={useRecovery ? 20 : 7}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" size="lg" className="w-full">
          {isLoading && <Spinner />}
          Verify
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Button
            variant="link"
            size="inline"
            onClick={() => {
              setUseRecovery((value) => !value);
              setCode('');
              setError(undefined);
            }}
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Button>
          <Button variant="link" size="inline" onClick={onRestart}>
            Back to sign in
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
