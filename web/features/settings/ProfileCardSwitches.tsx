import { useState } from 'react';
import { toast } from 'sonner';
import { profileMessages, type ProfileCardSettings } from '../../../shared/profiles';
import type { Privacy } from '../../../shared/social';
import { useAppSelector } from '../../state/hooks';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/PageStates';
import { selectSignedInUserId } from '../auth';
import { apiErrorOf } from '../../lib/formErrors';
import { SAVE_FAILED, toastFailure } from '../../lib/settingsFeedback';
import { useGetProfileQuery, useUpdateCardSettingsMutation } from '../profile';
import { useGetPrivacyQuery, useUpdatePrivacyMutation } from './privacyApi';
import { SettingSwitch } from './SettingSwitch';

const CARD_SWITCHES: readonly {
  key: keyof ProfileCardSettings;
  label: string;
  description: string;
}[] = [
  { key: 'showEmail', label: 'Show Email Address', description: 'On your profile card.' },
  { key: 'showPhone', label: 'Show Phone Number', description: 'On your profile card.' },
  { key: 'showLocation', label: 'Show Location', description: 'On your profile card.' },
  { key: 'showBirthDate', label: 'Show Birth Date', description: 'On your profile card.' },
  {
    key: 'showLastSeen',
    label: 'Show Last Seen',
    description: 'When you were last online, to members who may see your details.',
  },
  {
    key: 'allowDirectMessages',
    label: 'Allow Direct Messages',
    description: 'Members may start a conversation with you.',
  },
  {
    key: 'allowFriendRequests',
    label: 'Allow Friend Requests',
    description: 'Members may ask to be your friend.',
  },
];

/** Public Profile: public, or friends only when off (the /settings select also offers private). */
function PublicProfileSwitch() {
  const { data: privacy, isError } = useGetPrivacyQuery();
  const [updatePrivacy, { isLoading }] = useUpdatePrivacyMutation();
  if (isError) return <Alert>Could not load your profile visibility.</Alert>;
  const change = (next: Privacy) =>
    updatePrivacy(next)
      .unwrap()
      .catch((failure: unknown) => toastFailure(failure, SAVE_FAILED));
  return (
    <SettingSwitch
      id="profile-public"
      label="Public Profile"
      description={
        privacy === 'private'
          ? 'Your profile is private: only you see it. Turn this on to show it to every member.'
          : 'Every member sees your profile; off, only your friends do.'
      }
      checked={privacy === 'public'}
      disabled={privacy === undefined || isLoading}
      onCheckedChange={(checked) => void change(checked ? 'public' : 'friendsOnly')}
    />
  );
}

/** 002 §2 item 16, Privacy: what others see of the member and whether they may write or ask. */
export function ProfileCardSwitches() {
  const userId = useAppSelector(selectSignedInUserId);
  const {
    data: profile,
    isLoading,
    isError,
    refetch,
  } = useGetProfileQuery(userId ?? '', {
    skip: userId === null,
  });
  const [updateCard, { isLoading: saving }] = useUpdateCardSettingsMutation();
  // A flipped switch shows its new state while the change is saved and the profile read again.
  const [pending, setPending] = useState<Partial<ProfileCardSettings>>({});
  const settings = profile?.profileCardSettings;

  async function change(key: keyof ProfileCardSettings, checked: boolean) {
    setPending((held) => ({ ...held, [key]: checked }));
    try {
      await updateCard({ [key]: checked }).unwrap();
    } catch (failure) {
      toast.error(profileMessages.cardUpdateFailed, {
        description: apiErrorOf(failure)?.message,
      });
    } finally {
      setPending(({ [key]: _settled, ...rest }) => rest);
    }
  }

  return (
    <div className="grid gap-4">
      <PublicProfileSwitch />
      {isLoading ? (
        <LoadingState label="Loading your profile card settings…" />
      ) : isError || !settings ? (
        <div className="grid gap-3">
          <Alert>{profileMessages.loadFailed}</Alert>
          <Button variant="outline" className="w-fit" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        CARD_SWITCHES.map(({ key, label, description }) => (
          <SettingSwitch
            key={key}
            id={`profile-card-${key}`}
            label={label}
            description={description}
            checked={pending[key] ?? settings[key]}
            disabled={saving}
            onCheckedChange={(checked) => void change(key, checked)}
          />
        ))
      )}
    </div>
  );
}
