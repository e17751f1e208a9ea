import { useState, type FormEvent } from 'react';
import { BIO_MAX, profileMessages, type Profile, type ProfileEdit } from '../../../shared/profiles';
import { useAppSelector } from '../../state/hooks';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField, fieldErrorId } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { LoadingState } from '../../components/PageStates';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { apiErrorOf } from '../../lib/formErrors';
import { selectSignedInUser } from '../auth';
import { toastSettingsSaved } from '../../lib/settingsFeedback';
import { useGetProfileQuery, useUpdateProfileMutation } from '../profile';
import { useRequestEmailChangeMutation } from './settingsApi';

type Field = 'name' | 'email' | 'bio' | 'password';
type Errors = Partial<Record<Field, string>>;

/** The server names profile fields as the schema does; the form calls the display name "name". */
const FIELD_OF: Record<string, Field> = {
  displayName: 'name',
  bio: 'bio',
  email: 'email',
  password: 'password',
};

function errorsOf(failure: unknown): { fields: Errors; general: string | null } {
  const error = apiErrorOf(failure);
  if (!error) return { fields: {}, general: profileMessages.updateFailed };
  const fields: Errors = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) {
    const field = FIELD_OF[name];
    if (field) fields[field] = text;
  }
  return { fields, general: Object.keys(fields).length > 0 ? null : error.message };
}

function Form({ profile, currentEmail }: { profile: Profile; currentEmail: string }) {
  const [name, setName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [email, setEmail] = useState(currentEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [emailNote, setEmailNote] = useState<string | null>(null);
  const [updateProfile, profileSave] = useUpdateProfileMutation();
  const [requestEmailChange, emailSave] = useRequestEmailChangeMutation();
  const saving = profileSave.isLoading || emailSave.isLoading;

  const edit: ProfileEdit = {
    ...(name.trim() !== profile.displayName ? { displayName: name } : {}),
    ...(bio.trim() !== profile.bio ? { bio } : {}),
  };
  const emailChanged = email.trim().toLowerCase() !== currentEmail.toLowerCase();
  const dirty = Object.keys(edit).length > 0 || emailChanged;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    try {
      if (Object.keys(edit).length > 0) {
        await updateProfile({ userId: profile.id, edit }).unwrap();
      }
      if (emailChanged) {
        setEmailNote(await requestEmailChange({ email: email.trim(), password }).unwrap());
        setEmail(currentEmail);
        setPassword('');
      }
      toastSettingsSaved(profileMessages.settingsSavedDescription);
    } catch (failure) {
      const described = errorsOf(failure);
      setErrors(described.fields);
      setGeneral(described.general);
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {general && <Alert>{general}</Alert>}
      <TextField
        id="settings-name"
        label="Name"
        value={name}
        autoComplete="name"
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id="settings-email"
        label="Email"
        type="email"
        value={email}
        autoComplete="email"
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {emailNote && (
        <p role="status" className="text-[0.8rem] text-muted-foreground">
          {emailNote} Until then you keep signing in with {currentEmail}.
        </p>
      )}
      {emailChanged && (
        <TextField
          id="settings-password"
          label="Current password (to change your email)"
          type="password"
          value={password}
          autoComplete="current-password"
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
      )}
      <div className="grid gap-2">
        <Label htmlFor="settings-bio">Bio</Label>
        <textarea
          id="settings-bio"
          rows={3}
          value={bio}
          maxLength={BIO_MAX}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? fieldErrorId('settings-bio') : undefined}
          onChange={(event) => setBio(event.target.value)}
          className={cn(
            'w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          )}
        />
        {errors.bio && (
          <p
            id={fieldErrorId('settings-bio')}
            className="text-[0.8rem] font-medium text-destructive"
          >
            {errors.bio}
          </p>
        )}
      </div>
      <Button type="submit" className="w-fit" disabled={!dirty || saving}>
        {saving && <Spinner className="size-4" />}
        Save Changes
      </Button>
    </form>
  );
}

/** 001 §2: name and bio are saved on the profile; a new email waits for its link to be followed. */
export function ProfileForm() {
  const user = useAppSelector(selectSignedInUser);
  const {
    data: profile,
    isLoading,
    isError,
    refetch,
  } = useGetProfileQuery(user?.id ?? '', {
    skip: !user,
  });
  if (!user) return null;
  if (isLoading) {
    return <LoadingState label="Loading your profile…" />;
  }
  if (isError || !profile) {
    return (
      <div className="grid gap-3">
        <Alert>{profileMessages.loadFailed}</Alert>
        <Button variant="outline" className="w-fit" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Form profile={profile} currentEmail={user.email} />;
}
