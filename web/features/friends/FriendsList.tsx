import { Users } from 'lucide-react';
import { useRef } from 'react';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { CardList, type CardView } from './CardList';
import { EmptyState } from './EmptyState';
import { FriendCard } from './FriendCard';
import { filterFriends, type FriendFilters } from './friendFilters';
import { FriendFiltersBar } from './FriendFiltersBar';
import { useGetFriendsQuery } from './friendsApi';
import { useNow } from '../../lib/useNow';

const PRESENCE_REFRESH_MS = 30_000;

/** The Friends tab: the filters, then the member's friends who pass them. */
export function FriendsList({
  view,
  filters,
  onFiltersChange,
}: {
  view: CardView;
  filters: FriendFilters;
  onFiltersChange: (filters: FriendFilters) => void;
}) {
  // Presence is not pushed (it changes far more often than anything else a member sees), so
  // the list on screen looks again every half minute.
  const {
    data: friends,
    isLoading,
    refetch,
  } = useGetFriendsQuery(undefined, {
    pollingInterval: PRESENCE_REFRESH_MS,
    skipPollingIfUnfocused: true,
  });
  const now = useNow();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = friends ? filterFriends(friends, filters) : [];

  return (
    <section aria-labelledby="friends-list-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          ref={heading}
          id="friends-list-heading"
          tabIndex={-1}
          className="rounded-md text-lg font-semibold focus-visible:outline-2 focus-visible:outline-ring"
        >
          Your friends
        </h2>
        <FriendFiltersBar filters={filters} onChange={onFiltersChange} />
      </div>
      {isLoading ? (
        <LoadingState label="Loading friends…" />
      ) : !friends ? (
        <ErrorState
          title="Failed to load friends"
          message="Check your connection and try again."
          onRetry={() => void refetch()}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No friends found"
          hint={
            friends.length > 0
              ? 'No friend matches these filters.'
              : 'Find people you know on the Find Friends tab.'
          }
        />
      ) : (
        <CardList view={view} label="Friends">
          {shown.map((friend) => (
            <FriendCard
              key={friend.id}
              friend={friend}
              view={view}
              now={now}
              onGone={() => heading.current?.focus()}
            />
          ))}
        </CardList>
      )}
    </section>
  );
}
