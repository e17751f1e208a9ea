import { UserPlus, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { profileMessages } from '../../../../shared/profiles/messages';
import type { SearchResult } from '../../../../shared/social';
import { ErrorState, LoadingState } from '../../../components/PageStates';
import { Button, buttonVariants } from '../../../components/ui/button';
import {
  nameOf,
  PersonSummary,
  useGetFriendSuggestionsQuery,
  useSendFriendRequestMutation,
  withFeedback,
} from '../../friends';
import { useNow } from '../../../lib/useNow';
import { useFollowMutation } from '../../profile';

/** How many suggestions the step shows; the rest are on the Friends page. */
const SHOWN = 5;

function SuggestionRow({ result, now }: { result: SearchResult; now: number }) {
  const [follow, following] = useFollowMutation();
  const [sendRequest, sending] = useSendFriendRequestMutation();
  const [followed, setFollowed] = useState(false);
  const name = nameOf(result.user);
  const canAdd = result.canSendRequest && !result.hasPendingRequest && !result.isFriend;

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <PersonSummary person={result.user} mutualFriends={result.mutualFriends} now={now} />
      <div className="flex gap-2">
        <Button
          variant={followed ? 'secondary' : 'outline'}
          size="sm"
          disabled={following.isLoading}
          aria-pressed={followed}
          aria-label={`${followed ? 'Unfollow' : 'Follow'} ${name}`}
          onClick={async () => {
            const ok = await withFeedback(
              () => follow({ userId: result.user.id, follow: !followed }).unwrap(),
              {
                success: followed ? `Unfollowed ${name}` : `Following ${name}`,
                failure: profileMessages.followFailed,
              },
            );
            if (ok) setFollowed(!followed);
          }}
        >
          {followed ? 'Following' : 'Follow'}
        </Button>
        <Button
          size="sm"
          disabled={!canAdd || sending.isLoading}
          aria-label={canAdd ? `Add ${name} as a friend` : `Friend request to ${name} sent`}
          onClick={() =>
            void withFeedback(() => sendRequest({ toUserId: result.user.id }).unwrap(), {
              success: `Friend request sent to ${name}`,
              failure: 'Failed to send friend request',
            })
          }
        >
          <UserPlus aria-hidden />
          {canAdd ? 'Add Friend' : 'Pending'}
        </Button>
      </div>
    </li>
  );
}

/** Friend suggestions to follow or befriend; the step is done whatever the member chooses. */
export function SocialConnectionsStep() {
  const { data, isLoading, refetch } = useGetFriendSuggestionsQuery();
  const now = useNow();

  if (isLoading) return <LoadingState label="Loading suggestions…" />;
  if (!data) {
    return (
      <ErrorState
        title="Failed to load suggestions"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-6 text-center">
        <UserSearch className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-medium">No suggestions yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Friends of your friends will appear here. You can search for people you know on the
          Friends page.
        </p>
        <Link to="/friends" className={buttonVariants({ variant: 'outline' })}>
          Find friends
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Suggested people">
      {data.slice(0, SHOWN).map((result) => (
        <SuggestionRow key={result.id} result={result} now={now} />
      ))}
    </ul>
  );
}
