import { useState, type FormEvent } from 'react';
import { BIO_MAX, profileMessages, type Profile, type ProfileEdit } from '../../../shared/profiles';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField, fieldErrorId } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { apiErrorOf } from '../../lib/formErrors';
import { toastSettingsSaved } from '../../lib/settingsFeedback';
import { useUpdateProfileMutation } from '../profile';

const TEXT_FIELDS = [
  { key: 'displayName', label: 'Display name', autoComplete: 'name' },
  { key: 'jobTitle', label: 'Job title', autoComplete: 'organization-title' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'location', label: 'Location', autoComplete: 'address-level2' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel' },
  { key: 'website', label: 'Website', autoComplete: 'url' },
] as const;
type TextKey = (typeof TEXT_FIELDS)[number]['key'] | 'bio';
type Values = Record<TextKey, string>;

function valuesOf(profile: Profile): Values {
  return {
    displayName: profile.displayName,
    jobTitle: profile.jobTitle,
    company: profile.company,
    location: profile.location ?? '',
    phone: profile.phone ?? '',
    website: profile.website,
    bio: profile.bio,
  };
}

/** Only what the member changed is sent; the answer replaces the cached profile. */
function editOf(before: Values, after: Values): ProfileEdit {
  const edit: Partial<Values> = {};
  for (const key of Object.keys(after) as TextKey[]) {
    if (after[key].trim() !== before[key]) edit[key] = after[key];
  }
  return edit;
}

/** The Profile tab's editor (Edit Profile): the member's own fields, saved with the profile API. */
export function ProfileEditor({ profile, onDone }: { profile: Profile; onDone(): void }) {
  const [initial] = useState(() => valuesOf(profile));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<TextKey, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const edit = editOf(initial, values);
  const dirty = Object.keys(edit).length > 0;
  const set = (key: TextKey) => (value: string) => setValues((held) => ({ ...held, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setGeneral(null);
    try {
      await updateProfile({ userId: profile.id, edit }).unwrap();
      toastSettingsSaved(profileMessages.settingsSavedDescription);
      onDone();
    } catch (failure) {
      const error = apiErrorOf(failure);
      const fields = (error?.fields ?? {}) as Partial<Record<TextKey, string>>;
      setErrors(fields);
      setGeneral(Object.keys(fields).length > 0 ? null : profileMessages.updateFailed);
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void onSubmit(event)}>
      {general && <Alert>{general}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ key, label, autoComplete }) => (
          <TextField
            key={key}
            id={`profile-edit-${key}`}
            label={label}
            value={values[key]}
            autoComplete={autoComplete}
            error={errors[key]}
            onChange={(event) => set(key)(event.target.value)}
          />
        ))}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-edit-bio">Bio</Label>
        <textarea
          id="profile-edit-bio"
          rows={4}
          value={values.bio}
          maxLength={BIO_MAX}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? fieldErrorId('profile-edit-bio') : undefined}
          onChange={(event) => set('bio')(event.target.value)}
          className={cn(
            'w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          )}
        />
        {errors.bio && (
          <p
            id={fieldErrorId('profile-edit-bio')}
            className="text-[0.8rem] font-medium text-destructive"
          >
            {errors.bio}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={!dirty || isLoading}>
          {isLoading && <Spinner className="size-4" />}
          Save Changes
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
