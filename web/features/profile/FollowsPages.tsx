import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { profileMessages, type FollowEntry, type Profile } from '../../../shared/profiles';
import { LoadingState } from '../../components/PageStates';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageHeader } from '../../components/PageHeader';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { profileUrl } from '../../lib/links';
import { PresenceDot } from '../../components/PresenceDot';
import { Avatar } from '../../components/UserCard';
import { useGetFollowsListInfiniteQuery } from './followsApi';
import { followEntries, followsTotal } from './followsPaging';
import type { FollowsArg } from './profileApi';
import { SubjectPage } from './SubjectPage';
import { useFollowToggle } from './useFollowToggle';
import { useSelfId } from './useSubjectProfile';

type Which = FollowsArg['which'];

const TEXTS: Record<Which, { title: string; empty: string; loading: string; failed: string }> = {
  followers: {
    title: 'Followers',
    empty: profileMessages.noFollowers,
    loading: 'Loading followers...',
    failed: 'The followers could not be loaded.',
  },
  following: {
    title: 'Following',
    empty: profileMessages.noFollowing,
    loading: 'Loading following...',
    failed: 'The members followed could not be loaded.',
  },
};

export function ProfileFollowersPage() {
  return <FollowsPage which="followers" />;
}

export function ProfileFollowingPage() {
  return <FollowsPage which="following" />;
}

/** `/profile/followers` and `/profile/following`: a member's real lists, `?user=<id>` or oneself. */
function FollowsPage({ which }: { which: Which }) {
  return (
    <SubjectPage loadingLabel={TEXTS[which].loading}>
      {(profile) => <FollowsList key={`${which}-${profile.id}`} profile={profile} which={which} />}
    </SubjectPage>
  );
}

function FollowsList({ profile, which }: { profile: Profile; which: Which }) {
  const texts = TEXTS[which];
  const query = useGetFollowsListInfiniteQuery({ userId: profile.id, which });
  const entries = useMemo(() => followEntries(query.data?.pages), [query.data]);
  const total = followsTotal(query.data?.pages);
  const name = profile.displayName || profile.username;
  const description = profile.isSelf
    ? which === 'followers'
      ? 'Members who follow you.'
      : 'Members you follow.'
    : which === 'followers'
      ? `Members who follow ${name}.`
      : `Members ${name} follows.`;

  let body;
  if (query.isLoading) body = <LoadingState label={texts.loading} />;
  else if (query.isError && entries.length === 0) {
    body = (
      <Alert data-testid="follows-error">
        <p>{texts.failed}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (entries.length === 0) {
    body = (
      <div className="py-16 text-center" data-testid="follows-empty">
        <Users className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{texts.empty}</p>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <ul
          aria-label={texts.title}
          className="grid gap-3 sm:grid-cols-2"
          data-testid="follows-list"
        >
          {entries.map((entry) => (
            <li key={entry.person.id}>
              <PersonCard entry={entry} />
            </li>
          ))}
        </ul>
        {query.isFetchNextPageError && <Alert>{texts.failed}</Alert>}
        <LoadMoreButton query={query} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={texts.title}
        description={
          <>
            {description}
            {total !== null && <span data-testid="follows-total"> {total} in all.</span>}
          </>
        }
      />
      {body}
    </>
  );
}

/** A follower or followee: opens their profile; Follow or Unfollow unless it is the viewer. */
function PersonCard({ entry }: { entry: FollowEntry }) {
  const { person, followedByMe } = entry;
  const { toggle, pendingFor } = useFollowToggle();
  const me = useSelfId();
  const name = person.displayName || person.username;
  return (
    <Card className="flex items-center gap-3 p-4">
      <div className="relative">
        <Avatar name={name} src={person.avatar} className="size-11 text-base" />
        <PresenceDot status={person.status} className="absolute -right-0.5 -bottom-0.5" />
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={profileUrl(person.username)}
          className="block truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {name}
        </Link>
        <p className="truncate text-sm text-muted-foreground">@{person.username}</p>
      </div>
      {me !== person.id && (
        <Button
          size="sm"
          variant={followedByMe ? 'outline' : 'default'}
          aria-pressed={followedByMe}
          aria-label={`${followedByMe ? 'Unfollow' : 'Follow'} ${name}`}
          disabled={pendingFor === person.id}
          onClick={() => void toggle(person.id, !followedByMe)}
        >
          {pendingFor === person.id && <Spinner />}
          {followedByMe ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </Card>
  );
}
