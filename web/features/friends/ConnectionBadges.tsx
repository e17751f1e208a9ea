import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { selectSignedInUserId } from '../auth';
import {
  connectionTone,
  describeConnection,
  reconnectRequested,
  selectConnection,
} from '../connection';
import { canReconnect, sandboxStatus } from './connectionBadges';

/** Spec 000 §2 header badges: Sandboxed or Unsafe, the channel's health, and Reconnect. */
export function ConnectionBadges() {
  const dispatch = useAppDispatch();
  const connection = useAppSelector(selectConnection);
  const userId = useAppSelector(selectSignedInUserId);
  const sandbox = sandboxStatus(connection, userId);
  const busy = connection.status === 'connecting' || connection.status === 'reconnecting';

  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge
        data-testid="connection-sandbox-badge"
        data-sandboxed={sandbox === 'Sandboxed'}
        title={
          sandbox === 'Sandboxed'
            ? 'The live connection is signed in and limited to your account'
            : 'The live connection is not signed in to your account'
        }
        tone={sandbox === 'Sandboxed' ? 'success' : 'danger'}
      >
        {sandbox === 'Sandboxed' ? <ShieldCheck aria-hidden /> : <ShieldAlert aria-hidden />}
        {sandbox}
      </StatusBadge>
      <StatusBadge
        role="status"
        aria-live="polite"
        data-testid="connection-health-badge"
        data-status={connection.status}
        tone={connectionTone(connection)}
      >
        {busy ? (
          <Spinner className="size-3" />
        ) : (
          <span aria-hidden className="size-1.5 rounded-full bg-current" />
        )}
        {describeConnection(connection)}
      </StatusBadge>
      <Button
        variant="outline"
        size="sm"
        data-testid="connection-reconnect"
        disabled={!canReconnect(connection)}
        onClick={() => dispatch(reconnectRequested())}
      >
        <RefreshCw aria-hidden />
        Reconnect
      </Button>
    </div>
  );
}
