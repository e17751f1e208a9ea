import type { Person } from '../../../shared/social';
import { cn } from '../../lib/cn';
import { Avatar } from '../../components/UserCard';
import { mutualFriendsText, presenceText } from '../../lib/relativeTime';
import { profileUrl } from '../../lib/links';

const dotColour: Record<Person['status'], string> = {
  online: 'bg-success',
  away: 'bg-warning',
  offline: 'bg-muted-foreground/50',
};

export function nameOf(person: Pick<Person, 'displayName' | 'username'>): string {
  return person.displayName || person.username;
}

/** Avatar, name (opens the profile in a new tab), @username, presence and mutual friends. */
export function PersonSummary({
  person,
  mutualFriends,
  now,
}: {
  person: Person;
  mutualFriends?: number;
  now: number;
}) {
  const name = nameOf(person);
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span className="relative shrink-0">
        <Avatar name={name} src={person.avatar} className="size-12 text-base" />
        <span
          aria-hidden
          className={cn(
            'absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-card',
            dotColour[person.status],
          )}
        />
      </span>
      <div className="min-w-0">
        <a
          href={profileUrl(person.id)}
          target="_blank"
          rel="noopener"
          className="block truncate font-semibold hover:underline focus-visible:underline"
        >
          {name}
        </a>
        <p className="truncate text-sm text-muted-foreground">@{person.username}</p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <span data-testid="presence" data-status={person.status}>
            {presenceText(person, now)}
          </span>
          {mutualFriends !== undefined && (
            <>
              <span aria-hidden>·</span>
              <span>{mutualFriendsText(mutualFriends)}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
