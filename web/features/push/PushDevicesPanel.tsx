import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { PushSubscriptionView } from '../../../shared/push';
import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { apiErrorOf } from '../../lib/formErrors';
import {
  currentBrowserSubscription,
  pushSupported,
  PushPermissionDenied,
  subscribeBrowser,
  unsubscribeBrowser,
} from './browserPush';
import {
  useGetPushSubscriptionsQuery,
  useRegisterPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
} from './pushApi';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

/** Which of the listed subscriptions is this browser's: learnt by registering it again. */
function useThisBrowser(): { id: string | null; checked: boolean; set(id: string | null): void } {
  const [register] = useRegisterPushSubscriptionMutation();
  const [id, setId] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    // Saying again that this browser is subscribed refreshes its keys and last use too.
    void currentBrowserSubscription()
      .then(async (subscription) => {
        if (!subscription) return null;
        return (await register(subscription).unwrap()).subscription.id;
      })
      .catch(() => null)
      .then((found) => {
        if (!live) return;
        setId(found);
        setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [register]);
  return { id, checked, set: setId };
}

function DeviceRow({
  subscription,
  isThis,
  busy,
  onRemove,
}: {
  subscription: PushSubscriptionView;
  isThis: boolean;
  busy: boolean;
  onRemove(): void;
}) {
  const name = isThis ? 'This browser' : subscription.device;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <div className="grid min-w-0 gap-1 text-sm">
        <span className="font-medium">{name}</span>
        <span className="text-muted-foreground">
          {isThis ? `${subscription.device} · ` : ''}Last used {when(subscription.lastUsedAt)}
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        aria-label={`Stop push notifications to ${isThis ? 'this browser' : subscription.device}`}
        onClick={onRemove}
      >
        Remove
      </Button>
    </li>
  );
}

/**
 * Web Push on the member's browsers: turn it on for this one, see every browser that receives
 * pushes with its last use, and stop any of them. The Push switch above still rules them all.
 */
export function PushDevicesPanel() {
  const { data, isLoading, isError, refetch } = useGetPushSubscriptionsQuery();
  const [register] = useRegisterPushSubscriptionMutation();
  const [remove] = useRemovePushSubscriptionMutation();
  const thisBrowser = useThisBrowser();
  const [busy, setBusy] = useState(false);
  const supported = pushSupported();

  if (isLoading || !thisBrowser.checked) {
    return <LoadingState label="Loading your devices…" />;
  }
  if (isError || !data) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        Could not load the devices that receive push notifications.
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const list = data;

  async function turnOn() {
    setBusy(true);
    try {
      const subscription = await subscribeBrowser(list.publicKey);
      const answer = await register(subscription).unwrap();
      thisBrowser.set(answer.subscription.id);
      toast.success('Push notifications are on in this browser');
    } catch (failure) {
      toast.error(
        failure instanceof PushPermissionDenied
          ? 'Notifications are blocked for Agora: allow them in this browser’s site settings.'
          : (apiErrorOf(failure)?.message ?? 'Push notifications could not be turned on.'),
      );
    } finally {
      setBusy(false);
    }
  }

  async function removeOne(subscription: PushSubscriptionView, isThis: boolean) {
    setBusy(true);
    try {
      await remove(subscription.id).unwrap();
      if (isThis) {
        thisBrowser.set(null);
        await unsubscribeBrowser().catch(() => undefined);
      }
      toast.success(
        `Push notifications to ${isThis ? 'this browser' : subscription.device} stopped`,
      );
    } catch (failure) {
      toast.error(apiErrorOf(failure)?.message ?? 'The device could not be removed.');
    } finally {
      setBusy(false);
    }
  }

  const ordered = [...list.subscriptions].sort(
    (a, b) => Number(b.id === thisBrowser.id) - Number(a.id === thisBrowser.id),
  );
  const subscribedHere = list.subscriptions.some((s) => s.id === thisBrowser.id);
  return (
    <div className="grid gap-4">
      {!supported ? (
        <p className="text-sm text-muted-foreground">
          This browser cannot receive push notifications.
        </p>
      ) : (
        !subscribedHere && (
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={busy} onClick={() => void turnOn()}>
              Turn on push notifications in this browser
            </Button>
          </div>
        )
      )}
      {ordered.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No browser receives push notifications from you yet.
        </p>
      ) : (
        <ul
          aria-label="Devices with push notifications"
          className="grid gap-2"
          data-testid="push-devices"
        >
          {ordered.map((subscription) => {
            const isThis = subscription.id === thisBrowser.id;
            return (
              <DeviceRow
                key={subscription.id}
                subscription={subscription}
                isThis={isThis}
                busy={busy}
                onRemove={() => void removeOne(subscription, isThis)}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
