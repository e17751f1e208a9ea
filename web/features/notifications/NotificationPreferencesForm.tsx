import { Checkbox } from '../../components/ui/checkbox';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/PageStates';
import { SAVE_FAILED, toastFailure, toastSettingsSaved } from '../../lib/settingsFeedback';
import {
  DELIVERY_CHANNELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  preferenceTestId,
  togglePreference,
  type PreferenceChange,
} from './notificationPreferences';
import {
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
} from './notificationsApi';

const SAVED_DESCRIPTION = 'Your notification preferences have been updated.';
const LOAD_FAILED = 'Failed to load notification preferences';

/**
 * Per-type delivery (in-app, email). The one stored preference behind both /settings and the
 * Notifications tab of /profile/settings; each switch saves at once and rolls back on failure.
 */
export function NotificationPreferencesForm() {
  const { data: preferences, isLoading, isError, refetch } = useGetNotificationPreferencesQuery();
  const [save] = useUpdateNotificationPreferencesMutation();

  if (isLoading) return <LoadingState label="Loading notification preferences…" />;
  if (!preferences) {
    return (
      <Alert>
        <p>Error: {isError ? LOAD_FAILED : 'Notification preferences are not available'}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  function change(next: PreferenceChange) {
    if (!preferences) return;
    save({ preferences: togglePreference(preferences, next), change: next })
      .unwrap()
      .then(() => toastSettingsSaved(SAVED_DESCRIPTION))
      .catch((failure: unknown) => toastFailure(failure, SAVE_FAILED));
  }

  return (
    <table className="w-full text-sm">
      <caption className="sr-only">How you are told about each kind of notification</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-4 font-medium">
            Notification
          </th>
          {DELIVERY_CHANNELS.map((channel) => (
            <th key={channel.key} scope="col" className="w-24 px-2 py-2 text-center font-medium">
              {channel.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {NOTIFICATION_TYPES.map((type) => (
          <tr key={type} className="border-b last:border-b-0">
            <th scope="row" className="py-3 pr-4 text-left font-medium">
              {NOTIFICATION_TYPE_LABELS[type]}
            </th>
            {DELIVERY_CHANNELS.map((channel) => (
              <td key={channel.key} className="px-2 py-3 text-center">
                <Checkbox
                  data-testid={preferenceTestId(type, channel.key)}
                  aria-label={`${NOTIFICATION_TYPE_LABELS[type]}: ${channel.label}`}
                  checked={preferences[type][channel.key]}
                  onCheckedChange={(checked) =>
                    change({ type, channel: channel.key, enabled: checked === true })
                  }
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
