import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FriendRequest } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { withFeedback } from './actionFeedback';
import {
  useAcceptFriendRequestMutation,
  useCancelFriendRequestMutation,
  useRejectFriendRequestMutation,
} from './friendsApi';
import { nameOf, PersonSummary } from './PersonSummary';
import { relativeTimeInline } from '../../lib/relativeTime';

function RequestFrame({
  request,
  direction,
  now,
  children,
}: {
  request: FriendRequest;
  direction: 'incoming' | 'outgoing';
  now: number;
  children: ReactNode;
}) {
  const person = direction === 'incoming' ? request.fromUser : request.toUser;
  return (
    <li>
      <Card
        data-testid="request-card"
        data-request-id={request.id}
        data-direction={direction}
        className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
      >
        <div className="min-w-0 flex-1">
          <PersonSummary person={person} now={now} />
          {request.message && (
            <blockquote className="mt-2 border-l-2 pl-3 text-sm wrap-anywhere text-muted-foreground">
              {request.message}
            </blockquote>
          )}
          <p className="mt-1 text-xs text-muted-foreground">
            <time dateTime={request.createdAt}>
              {direction === 'incoming' ? 'Received' : 'Sent'}{' '}
              {relativeTimeInline(request.createdAt, now)}
            </time>
          </p>
        </div>
        <div className="flex items-center gap-2">{children}</div>
      </Card>
    </li>
  );
}

export function IncomingRequestCard({ request, now }: { request: FriendRequest; now: number }) {
  const name = nameOf(request.fromUser);
  const [accept, acceptState] = useAcceptFriendRequestMutation();
  const [reject, rejectState] = useRejectFriendRequestMutation();
  const busy = acceptState.isLoading || rejectState.isLoading;
  return (
    <RequestFrame request={request} direction="incoming" now={now}>
      <Button
        size="sm"
        data-testid="accept-request"
        aria-label={`Accept friend request from ${name}`}
        disabled={busy}
        onClick={() =>
          void withFeedback(() => accept(request.id).unwrap(), {
            success: `You and ${name} are now friends`,
            failure: 'Failed to accept friend request',
          })
        }
      >
        <Check aria-hidden />
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        data-testid="decline-request"
        aria-label={`Decline friend request from ${name}`}
        disabled={busy}
        onClick={() =>
          void withFeedback(() => reject(request.id).unwrap(), {
            success: 'Friend request declined',
            failure: 'Failed to decline friend request',
          })
        }
      >
        <X aria-hidden />
        Decline
      </Button>
    </RequestFrame>
  );
}

export function OutgoingRequestCard({ request, now }: { request: FriendRequest; now: number }) {
  const name = nameOf(request.toUser);
  const [cancel, { isLoading }] = useCancelFriendRequestMutation();
  return (
    <RequestFrame request={request} direction="outgoing" now={now}>
      <Button
        size="sm"
        variant="outline"
        data-testid="cancel-request"
        aria-label={`Cancel friend request to ${name}`}
        disabled={isLoading}
        onClick={() =>
          void withFeedback(() => cancel(request.id).unwrap(), {
            success: 'Friend request cancelled',
            failure: 'Failed to cancel friend request',
          })
        }
      >
        <X aria-hidden />
        Cancel
      </Button>
    </RequestFrame>
  );
}
