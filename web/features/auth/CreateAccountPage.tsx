import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { authErrorMessages, authSuccessMessages } from '../../../shared/auth/messages';
import { signUpFormSchema } from '../../../shared/auth/schemas';
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
import { TextField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSignUpMutation } from './authApi';
import { AuthFrame } from './AuthFrame';
import { fieldErrorsFromZod, type FieldErrors } from '../../lib/formErrors';
import { confirmationError } from './passwordConfirmation';
import { sessionStarted } from './session';
import { useFormFeedback } from './useFormFeedback';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const ONBOARDING_PATH = '/onboarding';

const fieldInfo: Record<Field, { id: string; label: string; type: string; autoComplete: string }> =
  {
    username: { id: 'signup-username', label: 'Username', type: 'text', autoComplete: 'username' },
    email: { id: 'signup-email', label: 'Email', type: 'email', autoComplete: 'email' },
    password: {
      id: 'signup-password',
      label: 'Password',
      type: 'password',
      autoComplete: 'new-password',
    },
    confirmPassword: {
      id: 'signup-confirm-password',
      label: 'Confirm Password',
      type: 'password',
      autoComplete: 'new-password',
    },
  };

const fieldIds = Object.fromEntries(FIELDS.map((field) => [field, fieldInfo[field].id])) as Record<
  Field,
  string
>;

const placeholders: Partial<Record<Field, string>> = {
  username: 'jane_doe',
  email: 'you@example.com',
};

const emptyValues: Values = { username: '', email: '', password: '', confirmPassword: '' };

export function CreateAccountPage() {
  useDocumentTitle('Create Account');
  const dispatch = useAppDispatch();
  const [signUp, { isLoading }] = useSignUpMutation();
  const [values, setValues] = useState<Values>(emptyValues);
  const feedback = useFormFeedback(FIELDS, fieldIds);
  const { errors, general } = feedback;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    feedback.reset();
    const parsed = signUpFormSchema.safeParse(values);
    const confirmation = confirmationError(values.password, values.confirmPassword);
    if (!parsed.success || confirmation) {
      const fieldErrors: FieldErrors<Field> = parsed.success
        ? {}
        : fieldErrorsFromZod(parsed.error, FIELDS);
      if (confirmation) fieldErrors.confirmPassword ??= confirmation;
      feedback.showFieldErrors(fieldErrors);
      return;
    }
    const { username, email, password } = parsed.data;
    try {
      const session = await signUp({ username, email, password }).unwrap();
      toast.success(authSuccessMessages.signUp);
      dispatch(sessionStarted(session, ONBOARDING_PATH));
    } catch (failure) {
      feedback.showFailure(failure, authErrorMessages['sign-up-failed']);
    }
  }

  return (
    <AuthFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle>Create Account</CardTitle>
          <CardDescription>
            Join Agora to share posts, follow friends and find your people.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-5">
            {general && <Alert>{general}</Alert>}
            <fieldset disabled={isLoading} className="grid gap-4">
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  {...fieldInfo[field]}
                  name={field}
                  placeholder={placeholders[field]}
                  value={values[field]}
                  error={errors[field]}
                  onChange={(event) => {
                    const value = event.target.value;
                    setValues((previous) => ({ ...previous, [field]: value }));
                    feedback.clearField(field);
                  }}
                />
              ))}
              <Button type="submit" size="lg" className="mt-1 w-full">
                {isLoading && <Spinner />}
                Create Account
              </Button>
            </fieldset>
          </form>
        </CardContent>
        <CardFooter className="gap-1 text-muted-foreground">
          Already have an account?
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign In
          </Link>
        </CardFooter>
      </Card>
    </AuthFrame>
  );
}
