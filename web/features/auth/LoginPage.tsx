import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import {
  authErrorMessages,
  authSuccessMessages,
  validationMessages,
} from '../../../shared/auth/messages';
import { useAppDispatch } from '../../state/hooks';
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
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import type { SignedInSession } from '../../../shared/auth/schemas';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TwoFactorSignInStep } from './TwoFactorSignInStep';
import { useRequestPasswordResetMutation, useSignInMutation } from './authApi';
import { AuthFrame } from './AuthFrame';
import { fieldErrorsFromZod } from '../../lib/formErrors';
import { safeReturnPath } from './guard';
import { sessionStarted } from './session';
import { useFormFeedback } from './useFormFeedback';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

const ids: Record<Field, string> = { email: 'login-email', password: 'login-password' };

/** The form's rules are zod schemas; they load after the page renders, keeping zod off it. */
const schemas = () => import('../../../shared/auth/schemas');

export function LoginPage() {
  useDocumentTitle('Sign In');
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [signIn, { isLoading: signingIn }] = useSignInMutation();
  const [requestReset, { isLoading: sendingReset }] = useRequestPasswordResetMutation();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const feedback = useFormFeedback(FIELDS, ids);
  const { errors, general } = feedback;
  const [notice, setNotice] = useState<string | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const busy = signingIn || sendingReset;

  function enter(session: SignedInSession) {
    const state: unknown = location.state;
    const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
    dispatch(sessionStarted(session, safeReturnPath(from)));
  }

  // Loaded once the member is on the form, so that submitting does not wait for it; not as the
  // page opens, where building the schemas held up its start on a phone (docs/performance.md,
  // "A visitor's page without zod").
  const loadSchemas = () => void schemas().catch(() => undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    feedback.reset();
    setNotice(null);
    const { signInRequestSchema } = await schemas();
    const parsed = signInRequestSchema.safeParse({ email, password, rememberMe });
    if (!parsed.success) {
      feedback.showFieldErrors(fieldErrorsFromZod(parsed.error, FIELDS));
      return;
    }
    try {
      const answer = await signIn(parsed.data).unwrap();
      if ('twoFactorRequired' in answer) {
        setChallengeId(answer.challengeId);
        return;
      }
      toast.success(authSuccessMessages.login);
      enter(answer);
    } catch (failure) {
      feedback.showFailure(failure, authErrorMessages['login-failed']);
    }
  }

  async function onForgotPassword() {
    feedback.reset();
    setNotice(null);
    if (!email.trim()) {
      feedback.showFieldErrors({ email: validationMessages.forgotPasswordEmailFirst });
      return;
    }
    const { passwordResetRequestSchema } = await schemas();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      feedback.showFieldErrors(fieldErrorsFromZod(parsed.error, FIELDS));
      return;
    }
    try {
      await requestReset(parsed.data).unwrap();
      setNotice(authSuccessMessages.resetSent);
      toast.success(authSuccessMessages.resetSent);
    } catch (failure) {
      feedback.showFailure(failure, authErrorMessages['reset-failed']);
    }
  }

  if (challengeId) {
    return (
      <AuthFrame>
        <Card className="w-full max-w-md">
          <CardHeader className="text-center">
            <CardTitle>Two-factor authentication</CardTitle>
            <CardDescription>One more step to sign in as {email}.</CardDescription>
          </CardHeader>
          <CardContent>
            <TwoFactorSignInStep
              challengeId={challengeId}
              onSignedIn={enter}
              onRestart={() => {
                setChallengeId(null);
                setPassword('');
              }}
            />
          </CardContent>
        </Card>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>Welcome back</CardTitle>
          <CardDescription>
            Sign in to see what your friends and communities are sharing.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={onSubmit}
            onFocus={loadSchemas}
            aria-busy={busy}
            className="grid gap-5"
          >
            {general && <Alert>{general}</Alert>}
            {notice && <Alert tone="success">{notice}</Alert>}
            <fieldset disabled={busy} className="grid gap-5">
              <TextField
                id={ids.email}
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                error={errors.email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  feedback.clearField('email');
                }}
              />
              <TextField
                id={ids.password}
                label="Password"
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  feedback.clearField('password');
                }}
                labelAside={
                  <Button
                    variant="link"
                    size="inline"
                    className="text-[0.8rem]"
                    onClick={() => void onForgotPassword()}
                  >
                    {sendingReset && <Spinner className="size-3" />}
                    Forgot password?
                  </Button>
                }
              />
              <div className="flex items-center gap-2.5">
                <Checkbox
                  id="login-remember-me"
                  name="rememberMe"
                  checked={rememberMe}
                  onCheckedChange={(checked) => setRememberMe(checked === true)}
                />
                <Label htmlFor="login-remember-me" className="font-normal">
                  Remember me
                </Label>
              </div>
              <Button type="submit" size="lg" className="w-full">
                {signingIn && <Spinner />}
                Sign In
              </Button>
            </fieldset>
          </form>
        </CardContent>
        <CardFooter className="gap-1 text-muted-foreground">
          Don&apos;t have an account?
          <Link to="/create-account" className="font-medium text-primary hover:underline">
            Create Account
          </Link>
        </CardFooter>
      </Card>
    </AuthFrame>
  );
}
