import { Inbox } from 'lucide-react';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { EmptyState } from './EmptyState';
import { useGetFriendRequestsQuery } from './friendsApi';
import { IncomingRequestCard, OutgoingRequestCard } from './RequestCard';
import { useNow } from '../../lib/useNow';

/** The Requests tab: requests received (Accept / Decline), then those sent (Cancel). */
export function RequestsList() {
  const { data, isLoading, refetch } = useGetFriendRequestsQuery();
  const now = useNow();

  if (isLoading) return <LoadingState label="Loading friend requests…" />;
  if (!data) {
    return (
      <ErrorState
        title="Failed to load friend requests"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="grid gap-8">
      <section aria-labelledby="incoming-requests-heading" className="grid gap-4">
        <h2 id="incoming-requests-heading" className="text-lg font-semibold">
          Received
        </h2>
        {data.incoming.length === 0 ? (
          <EmptyState icon={Inbox} title="No pending requests" />
        ) : (
          <ul aria-label="Friend requests received" className="flex flex-col gap-3">
            {data.incoming.map((request) => (
              <IncomingRequestCard key={request.id} request={request} now={now} />
            ))}
          </ul>
        )}
      </section>
      {data.outgoing.length > 0 && (
        <section aria-labelledby="outgoing-requests-heading" className="grid gap-4">
          <h2 id="outgoing-requests-heading" className="text-lg font-semibold">
            Sent
          </h2>
          <ul aria-label="Friend requests sent" className="flex flex-col gap-3">
            {data.outgoing.map((request) => (
              <OutgoingRequestCard key={request.id} request={request} now={now} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
