import { useState, type FormEvent } from 'react';
import {
  BIO_MAX,
  DISPLAY_NAME_MAX,
  PROFILE_SHORT_TEXT_MAX,
} from '../../../../shared/profiles/limits';
import { profileMessages } from '../../../../shared/profiles/messages';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { useGetProfileQuery, useUpdateProfileMutation } from '../../profile';
import { failureText } from './stepFailure';
import type { StepProps } from './stepProps';

interface Basics {
  displayName: string;
  bio: string;
  location: string;
  jobTitle: string;
}

const EMPTY: Basics = { displayName: '', bio: '', location: '', jobTitle: '' };

/** Display name, bio, location and job title, saved to the profile before the step is done. */
export function ProfileBasicsStep({ userId, formId, onDone, setBusy }: StepProps) {
  const profile = useGetProfileQuery(userId);
  // What the member typed, over what the profile holds (shown once it loads).
  const [edits, setEdits] = useState<Partial<Basics>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update] = useUpdateProfileMutation();
  const loaded = profile.data;

  const stored: Basics = loaded
    ? {
        displayName: loaded.displayName,
        bio: loaded.bio,
        location: loaded.location ?? '',
        jobTitle: loaded.jobTitle,
      }
    : EMPTY;
  const basics = { ...stored, ...edits };

  const field = (key: keyof Basics) => ({
    value: basics[key],
    onChange: (event: { target: { value: string } }) =>
      setEdits((held) => ({ ...held, [key]: event.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await update({ userId, edit: basics }).unwrap();
      await onDone();
    } catch (error) {
      setFailure(failureText(error, profileMessages.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={formId} onSubmit={submit} className="grid gap-4" noValidate>
      {profile.isLoading && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your profile…
        </p>
      )}
      <TextField
        id="basics-display-name"
        label="Display name"
        required
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="name"
        {...field('displayName')}
      />
      <div className="grid gap-2">
        <Label htmlFor="basics-bio">Bio</Label>
        <textarea
          id="basics-bio"
          rows={3}
          maxLength={BIO_MAX}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring/40"
          {...field('bio')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="basics-location"
          label="Location"
          maxLength={PROFILE_SHORT_TEXT_MAX}
          {...field('location')}
        />
        <TextField
          id="basics-job-title"
          label="Job title"
          maxLength={PROFILE_SHORT_TEXT_MAX}
          {...field('jobTitle')}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
    </form>
  );
}
