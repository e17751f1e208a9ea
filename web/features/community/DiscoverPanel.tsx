import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Community } from '../../../shared/communities';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { Avatar } from '../../components/UserCard';
import { useGetCommunitiesQuery } from './communityApi';
import { communityPath } from '../../../shared/communities';
import { capitalize } from '../../components/formFields';
import { JoinButtons } from './JoinButtons';

function DiscoverCard({ community }: { community: Community }) {
  return (
    <li>
      <Card>
        <CardContent className="flex flex-wrap items-center gap-3 p-4" data-testid="discover-card">
          <Avatar name={community.name} src={community.avatar} className="size-12" />
          <div className="min-w-0 flex-1">
            <Link to={communityPath(community.id)} className="font-medium hover:underline">
              {community.name}
            </Link>
            <p className="text-xs text-muted-foreground">
              {capitalize(community.privacy)} · {capitalize(community.category)} ·{' '}
              {community.stats.members.toLocaleString('en-US')} members
              {community.membership.invited ? ' · You are invited' : ''}
            </p>
            {community.description && (
              <p className="line-clamp-2 text-sm text-muted-foreground">{community.description}</p>
            )}
          </div>
          <JoinButtons community={community} size="sm" />
        </CardContent>
      </Card>
    </li>
  );
}

/** Communities the member may see and has not joined: invitations first, then the largest. */
export function DiscoverPanel() {
  const id = useId();
  const [q, setQ] = useState('');
  const settled = useDebouncedValue(q.trim(), 300);
  const { data, isLoading, isError, refetch } = useGetCommunitiesQuery({
    scope: 'discover',
    q: settled || undefined,
  });
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Discover
      </h2>
      <label htmlFor={`${id}-q`} className="sr-only">
        Search communities
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Search communities"
      />
      {isLoading && <LoadingState label="Loading communities…" />}
      {isError && (
        <ErrorState title="Communities could not be loaded" onRetry={() => void refetch()} />
      )}
      {data && data.length === 0 && (
        <p className="text-sm text-muted-foreground">No communities to discover.</p>
      )}
      {data && data.length > 0 && (
        <ul className="grid gap-2" aria-label="Communities to discover">
          {data.map((community) => (
            <DiscoverCard key={community.id} community={community} />
          ))}
        </ul>
      )}
    </section>
  );
}
