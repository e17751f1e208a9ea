import { Copy, Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { twoFactorMessages as m } from '../../../shared/auth/security-messages';
import type { TwoFactorSetup } from '../../../shared/auth/security';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf } from '../../lib/formErrors';
import { PasswordField } from './PasswordField';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorQuery,
  useSetUpTwoFactorMutation,
} from './securityApi';

/** The server's field or general message, or the fallback for a failure with no answer. */
function failureText(failure: unknown, fallback: string): { field?: string; message: string } {
  const error = apiErrorOf(failure);
  if (!error) return { message: fallback };
  const [field] = Object.keys(error.fields ?? {});
  return { field, message: error.message };
}

const SIX_DIGITS = /^\d{6}$/;

function recoveryFile(codes: string[]): string {
  return `Agora recovery codes\nEach code signs you in once when your authenticator is not at hand.\n\n${codes.join('\n')}\n`;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy. Select the codes and copy them yourself.');
    }
  }
  function download() {
    const url = URL.createObjectURL(new Blob([recoveryFile(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'agora-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="grid gap-4">
      <Alert tone="success">{m.enabled}</Alert>
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden />
          Download
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function ConfirmSetup({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onEnabled(codes: string[]): void;
}) {
  const codeId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [enable, { isLoading }] = useEnableTwoFactorMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!SIX_DIGITS.test(typed)) {
      setError(m.invalidCode);
      return;
    }
    try {
      const { recoveryCodes } = await enable({ code: typed }).unwrap();
      onEnabled(recoveryCodes);
    } catch (failure) {
      setError(failureText(failure, m.invalidCode).message);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Scan the QR code with an authenticator app.</li>
        <li>Enter the 6-digit code it shows.</li>
      </ol>
      <img
        src={setup.qrDataUrl}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
        className="mx-auto rounded-lg bg-white p-1"
      />
      <p className="text-center text-xs text-muted-foreground">
        Can&apos;t scan it? Enter this key:{' '}
        <code className="font-mono break-all text-foreground" data-testid="two-factor-secret">
          {setup.secret}
        </code>
      </p>
      <fieldset disabled={isLoading} className="grid gap-4">
        <TextField
          id={codeId}
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit">
          {isLoading && <Spinner />}
          Verify and turn on
        </Button>
      </fieldset>
    </form>
  );
}

function StartSetup({ onStarted }: { onStarted(setup: TwoFactorSetup): void }) {
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [setUp, { isLoading }] = useSetUpTwoFactorMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    try {
      onStarted(await setUp({ password }).unwrap());
    } catch (failure) {
      setError(failureText(failure, 'Failed to start the setup. Please try again.').message);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-4">
      <p className="text-sm">
        Sign-in will also ask for a code from an authenticator app on your phone. Enter your
        password to begin.
      </p>
      <fieldset disabled={isLoading} className="grid gap-4">
        <PasswordField
          id={passwordId}
          label="Password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit">
          {isLoading && <Spinner />}
          Continue
        </Button>
      </fieldset>
    </form>
  );
}

function Disable({ onDisabled }: { onDisabled(): void }) {
  const passwordId = useId();
  const codeId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [disable, { isLoading }] = useDisableTwoFactorMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    const found = {
      password: password ? undefined : 'Password is required',
      code: SIX_DIGITS.test(typed) ? undefined : m.invalidCode,
    };
    if (found.password || found.code) {
      setErrors(found);
      return;
    }
    try {
      await disable({ password, code: typed }).unwrap();
      toast.success(m.disabled);
      onDisabled();
    } catch (failure) {
      const { field, message } = failureText(failure, 'Failed to turn it off. Please try again.');
      setErrors(field === 'password' ? { password: message } : { code: message });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-4">
      <Alert tone="success">Two-factor authentication is on.</Alert>
      <p className="text-sm">To turn it off, confirm your password and a current code.</p>
      <fieldset disabled={isLoading} className="grid gap-4">
        <PasswordField
          id={passwordId}
          label="Password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <TextField
          id={codeId}
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.target.value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
        />
        <Button type="submit" variant="destructive">
          {isLoading && <Spinner />}
          Turn off two-factor authentication
        </Button>
      </fieldset>
    </form>
  );
}

type Step =
  | { kind: 'status' }
  | { kind: 'confirm'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/** Two-factor sign-in: set up with a QR code and a code, recovery codes shown once, turn off. */
export function TwoFactorPanel({ onClose }: { onClose(): void }) {
  const status = useGetTwoFactorQuery();
  const [step, setStep] = useState<Step>({ kind: 'status' });

  if (step.kind === 'confirm') {
    return (
      <ConfirmSetup setup={step.setup} onEnabled={(codes) => setStep({ kind: 'codes', codes })} />
    );
  }
  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={onClose} />;
  if (status.isLoading) return <LoadingState />;
  if (status.isError || !status.data) {
    return (
      <ErrorState
        title="Could not load your two-factor settings"
        message="Check your connection and try again."
        onRetry={() => void status.refetch()}
      />
    );
  }
  return status.data.enabled ? (
    <Disable onDisabled={onClose} />
  ) : (
    <StartSetup onStarted={(setup) => setStep({ kind: 'confirm', setup })} />
  );
}
