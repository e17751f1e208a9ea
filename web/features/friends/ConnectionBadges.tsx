import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { selectSignedInUserId } from '../auth/session';
import { describeConnection, selectConnection } from '../connection/connectionSlice';
import { reconnectRequested } from '../connection/realtime';
import { canReconnect, sandboxStatus } from './connectionBadges';

const pill =
  'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5';

/** Spec 000 §2 header badges: Sandboxed or Unsafe, the channel's health, and Reconnect. */
export function ConnectionBadges() {
  const dispatch = useAppDispatch();
  const connection = useAppSelector(selectConnection);
  const userId = useAppSelector(selectSignedInUserId);
  const sandbox = sandboxStatus(connection, userId);
  const busy = connection.status === 'connecting' || connection.status === 'reconnecting';

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        data-testid="connection-sandbox-badge"
        data-sandboxed={sandbox === 'Sandboxed'}
        title={
          sandbox === 'Sandboxed'
            ? 'The live connection is signed in and limited to your account'
            : 'The live connection is not signed in to your account'
        }
        className={cn(
          pill,
          sandbox === 'Sandboxed'
            ? 'border-success/30 bg-success/10 text-success'
            : 'border-destructive/30 bg-destructive/10 text-destructive',
        )}
      >
        {sandbox === 'Sandboxed' ? <ShieldCheck aria-hidden /> : <ShieldAlert aria-hidden />}
        {sandbox}
      </span>
      <span
        role="status"
        aria-live="polite"
        data-testid="connection-health-badge"
        data-status={connection.status}
        className={cn(
          pill,
          connection.status === 'healthy' && 'border-success/30 bg-success/10 text-success',
          busy && 'border-warning/40 bg-warning/10 text-warning',
          (connection.status === 'offline' || connection.status === 'idle') &&
            'border-destructive/30 bg-destructive/10 text-destructive',
        )}
      >
        {busy ? (
          <Spinner className="size-3" />
        ) : (
          <span aria-hidden className="size-1.5 rounded-full bg-current" />
        )}
        {describeConnection(connection)}
      </span>
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
