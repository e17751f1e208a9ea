import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Avatar } from '../../components/UserCard';
import { withFeedback } from './actionFeedback';
import { useGetBlockedMembersQuery, useUnblockMemberMutation } from './friendsApi';
import { nameOf } from './PersonSummary';

/** The members the caller blocked, each with Unblock: the way back from a block. */
export function BlockedMembers() {
  const { data: blocked, isLoading, isError, refetch } = useGetBlockedMembersQuery();
  const [unblock, { isLoading: unblocking }] = useUnblockMemberMutation();

  if (isLoading) return <LoadingState label="Loading blocked members..." />;
  if (isError || !blocked) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        Could not load blocked members.
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (blocked.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>;
  }
  return (
    <ul aria-label="Blocked members" className="grid gap-2" data-testid="blocked-members">
      {blocked.map((person) => {
        const name = nameOf(person);
        return (
          <li key={person.id} className="flex items-center gap-3">
            <Avatar name={name} src={person.avatar} className="size-8" />
            <span className="min-w-0 flex-1 truncate text-sm">
              {name} <span className="text-muted-foreground">@{person.username}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={unblocking}
              aria-label={`Unblock ${name}`}
              onClick={() =>
                void withFeedback(() => unblock(person.id).unwrap(), {
                  success: `${name} was unblocked`,
                  failure: 'Failed to unblock member',
                })
              }
            >
              Unblock
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
