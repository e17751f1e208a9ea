import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { meetsPasswordRules } from '../../../shared/auth/password-rules';
import { passwordChangeMessages as m } from '../../../shared/auth/security-messages';
import { useAppDispatch } from '../../state/hooks';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf, type FieldErrors } from '../../lib/formErrors';
import { LOGIN_PATH, sessionEnded, useSession } from '../auth';
import { PasswordChecklist } from './PasswordChecklist';
import { PasswordField } from './PasswordField';
import { useChangePasswordMutation } from './securityApi';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** What the form itself refuses before asking the server (001 §5's submit messages). */
export function changePasswordProblems(
  values: Record<Field, string>,
  username: string,
): { fields: FieldErrors<Field>; general: string | null } {
  const fields: FieldErrors<Field> = {};
  if (!values.currentPassword) fields.currentPassword = m.currentRequired;
  if (!values.newPassword) fields.newPassword = m.newRequired;
  if (!values.confirmPassword) fields.confirmPassword = m.confirmRequired;
  if (Object.keys(fields).length > 0) return { fields, general: null };
  if (!meetsPasswordRules(values.newPassword, username)) {
    return { fields: { newPassword: m.requirementsNotMet }, general: m.requirementsNotMet };
  }
  if (values.newPassword !== values.confirmPassword) {
    return { fields: { confirmPassword: m.mismatch }, general: null };
  }
  if (values.newPassword === values.currentPassword) {
    return { fields: { newPassword: m.sameAsCurrent }, general: null };
  }
  return { fields: {}, general: null };
}

export interface ChangePasswordFormProps {
  /** Shown as a Cancel button beside the submit (the dialog); the rotation page has none. */
  onCancel?: () => void;
}

/**
 * Current, new and confirmation, each with show/hide, and the live checklist. On success every
 * session of the member ends (the server closes the other tabs' sockets, and they find themselves
 * signed out); this tab goes to /login with the success toast.
 */
export function ChangePasswordForm({ onCancel }: ChangePasswordFormProps) {
  const dispatch = useAppDispatch();
  const { user } = useSession();
  const username = user?.username ?? '';
  const prefix = useId();
  const ids: Record<Field | 'rules', string> = {
    currentPassword: `${prefix}-current`,
    newPassword: `${prefix}-new`,
    confirmPassword: `${prefix}-confirm`,
    rules: `${prefix}-rules`,
  };
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const show = (fields: FieldErrors<Field>, message: string | null) => {
    setErrors(fields);
    setGeneral(message);
    if (message) toast.error(message);
    const first = FIELDS.find((field) => fields[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = changePasswordProblems(values, username);
    if (Object.keys(problems.fields).length > 0) {
      show(problems.fields, problems.general);
      return;
    }
    show({}, null);
    try {
      const { message } = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }).unwrap();
      toast.success(message || m.success);
      dispatch(sessionEnded(LOGIN_PATH));
    } catch (failure) {
      const error = apiErrorOf(failure);
      const fields: FieldErrors<Field> = {};
      for (const field of FIELDS) {
        const text = error?.fields?.[field];
        if (text) fields[field] = text;
      }
      const atField = Object.keys(fields).length > 0;
      show(fields, atField ? null : m.failed);
    }
  }

  const field = (name: Field) => ({
    id: ids[name],
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest as FieldErrors<Field>);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isLoading} className="grid gap-5">
      {general && <Alert>{general}</Alert>}
      <fieldset disabled={isLoading} className="grid gap-5">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <div className="grid gap-2.5">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            describedBy={ids.rules}
            {...field('newPassword')}
          />
          <PasswordChecklist id={ids.rules} password={values.newPassword} username={username} />
        </div>
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" className={onCancel ? undefined : 'w-full'}>
            {isLoading && <Spinner />}
            {isLoading ? m.updating : 'Update Password'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
