import { RefreshCw } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { connectionTone, describeConnection, selectConnection } from './connectionSlice';

/** The realtime channel's health in the top menu: Healthy, Reconnecting n/5, or Offline. */
export function ConnectionStatus() {
  const dispatch = useAppDispatch();
  const connection = useAppSelector(selectConnection);
  // The channel's module is loaded by then (there is a channel to reconnect); importing it
  // lazily keeps socket.io off the first page, where this badge shows.
  const reconnect = () =>
    void import('./realtime').then(({ reconnectRequested }) => dispatch(reconnectRequested()));
  if (connection.status === 'idle') return null;

  const text = describeConnection(connection);
  const busy = connection.status === 'connecting' || connection.status === 'reconnecting';
  return (
    <div
      data-testid="connection-status"
      data-status={connection.status}
      className="flex items-center gap-1.5"
    >
      <StatusBadge role="status" aria-live="polite" tone={connectionTone(connection)}>
        {busy ? (
          <Spinner className="size-3" />
        ) : (
          <span aria-hidden className="size-1.5 rounded-full bg-current" />
        )}
        {text}
      </StatusBadge>
      {connection.status === 'offline' && (
        <Button variant="outline" size="sm" onClick={reconnect}>
          <RefreshCw aria-hidden />
          Reconnect
        </Button>
      )}
    </div>
  );
}
