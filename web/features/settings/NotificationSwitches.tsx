import type { NotificationSettings } from '../../../shared/profiles';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/PageStates';
import { useGetMemberSettingsQuery } from '../profile';
import { SettingSwitch } from './SettingSwitch';
import { useSettingsChange } from './useSettingsChange';

type Channel = keyof NotificationSettings;

const CHANNELS: readonly { key: Channel; label: string; description: string }[] = [
  {
    key: 'email',
    label: 'Email',
    description: 'Emails about friend requests, likes, comments and shares.',
  },
  {
    key: 'push',
    label: 'Push',
    description:
      'New notifications pop up while Agora is open, and reach the browsers you turned push on for while it is not. The list and badges stay live.',
  },
  {
    key: 'sms',
    label: 'SMS',
    description: 'Agora does not send text messages yet; your choice is kept for when it does.',
  },
  {
    key: 'marketing',
    label: 'Marketing Communications',
    description: 'Newsletters and news about Agora.',
  },
];

const ALL_CHANNELS: readonly Channel[] = ['email', 'push', 'sms', 'marketing'];

/** 002 §3 notification settings: one switch per channel, each stored as soon as it is flipped. */
export function NotificationSwitches({
  idPrefix,
  channels = ALL_CHANNELS,
}: {
  idPrefix: string;
  channels?: readonly Channel[];
}) {
  const { data, isLoading, isError, refetch } = useGetMemberSettingsQuery();
  const { change, saving } = useSettingsChange();

  if (isLoading) {
    return <LoadingState label="Loading your notification settings…" />;
  }
  if (isError || !data) {
    return (
      <div className="grid gap-3">
        <Alert>Could not load your notification settings.</Alert>
        <Button variant="outline" className="w-fit" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {CHANNELS.filter(({ key }) => channels.includes(key)).map(({ key, label, description }) => (
        <SettingSwitch
          key={key}
          id={`${idPrefix}-${key}`}
          label={label}
          description={description}
          checked={data.notifications[key]}
          disabled={saving}
          onCheckedChange={(checked) => void change({ notifications: { [key]: checked } })}
        />
      ))}
    </div>
  );
}
