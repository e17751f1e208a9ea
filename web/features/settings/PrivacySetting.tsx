import { useState, type ChangeEvent } from 'react';
import { privacySchema, type Privacy } from '../../../shared/social';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { SAVE_FAILED, toastFailure, toastSettingsSaved } from '../../lib/settingsFeedback';
import { useGetPrivacyQuery, useUpdatePrivacyMutation } from './privacyApi';

/** Spec 001 §8: the settings confirmation. */
const SAVED_DESCRIPTION = 'Your profile information has been updated.';

const PRIVACY_OPTIONS: readonly { value: Privacy; label: string }[] = [
  { value: 'public', label: 'Public' },
  { value: 'friendsOnly', label: 'Friends only' },
  { value: 'private', label: 'Private' },
];

export function PrivacySetting({ id = 'privacy-select' }: { id?: string }) {
  const { data: saved, isError } = useGetPrivacyQuery();
  const [updatePrivacy, { isLoading: saving }] = useUpdatePrivacyMutation();
  const [choosing, setChoosing] = useState<Privacy | null>(null);
  const value = choosing ?? saved ?? '';
  const hintId = `${id}-hint`;

  async function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const parsed = privacySchema.safeParse(event.target.value);
    if (!parsed.success) return;
    setChoosing(parsed.data);
    try {
      await updatePrivacy(parsed.data).unwrap();
      toastSettingsSaved(SAVED_DESCRIPTION);
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    } finally {
      setChoosing(null);
    }
  }

  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>Profile visibility</Label>
      <select
        id={id}
        data-testid="privacy-select"
        value={value}
        disabled={saving}
        aria-describedby={hintId}
        onChange={(event) => void onChange(event)}
        className={cn(
          'h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      >
        {value === '' && (
          <option value="" disabled>
            {isError ? 'Could not load your current setting' : 'Loading...'}
          </option>
        )}
        {PRIVACY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={hintId} className="text-[0.8rem] text-muted-foreground">
        Public: every member. Friends only: your friends. Private: only you. Saved as soon as you
        choose.
      </p>
    </div>
  );
}
