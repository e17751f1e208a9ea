import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Community } from '../../../shared/communities';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSession } from '../auth';
import { useGetCommunitiesQuery, useGetCommunityQuery } from './communityApi';
import { DiscoverPanel } from './DiscoverPanel';
import type { HubSectionProps } from '../../components/hubSection';
import {
  DiscussionsTab,
  EventsTab,
  LatestDiscussionsPanel,
  PostsTab,
  UpcomingEventsPanel,
} from './hubSections';
import { HubHeader } from './HubHeader';
import { InviteDialog } from './InviteDialog';
import { MembersTab } from './MembersTab';
import { StatCards } from './StatCards';
import { useWatchCommunity } from './useWatchCommunity';

type HubTab = Parameters<HubSectionProps['openTab']>[0];
const TABS: { value: HubTab; label: string }[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'members', label: 'Members' },
  { value: 'discussions', label: 'Discussions' },
  { value: 'events', label: 'Events' },
  { value: 'posts', label: 'Posts' },
];

function About({ community }: { community: Community }) {
  const rows = [
    ['Rules', community.rules],
    ['Welcome message', community.welcomeMessage],
    ['Website', community.website],
    ['Email', community.email],
    ['Tags', community.tags.join(', ')],
  ].filter(([, value]) => value);
  if (rows.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">About</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="font-medium">{label}</dt>
              <dd className="whitespace-pre-line text-muted-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** One community's hub: header, live stat cards and the five tabs. */
function Hub({ communityId }: { communityId: string }) {
  const { user } = useSession();
  const { data: community, isLoading, isError, refetch } = useGetCommunityQuery(communityId);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<HubTab>(() =>
    params.has('discussion') ? 'discussions' : 'overview',
  );
  const [inviting, setInviting] = useState(false);
  const standing = `${community?.membership.status ?? 'none'}:${community?.membership.role ?? ''}`;
  useWatchCommunity(community ? community.id : null, standing);

  if (isLoading) return <LoadingState label="Loading community…" />;
  if (isError || !community) {
    return (
      <ErrorState
        title="Community not found"
        message="It does not exist, or it is private and you are not invited."
        onRetry={() => void refetch()}
      />
    );
  }
  const { role, status } = community.membership;
  const isMember = status === 'active';
  const canManage = isMember && (role === 'admin' || role === 'moderator');
  const mayInvite = isMember && (community.privacy !== 'private' || canManage);
  const readable = community.privacy === 'public' || isMember;
  const section: HubSectionProps = {
    communityId: community.id,
    isMember,
    canManage,
    openTab: setTab,
  };

  return (
    <div className="grid gap-6">
      <HubHeader community={community} onInvite={mayInvite ? () => setInviting(true) : null} />
      <StatCards stats={community.stats} />
      {readable ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as HubTab)}>
          <TabsList aria-label="Community sections">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="grid gap-4 lg:grid-cols-2">
            <LatestDiscussionsPanel {...section} />
            <UpcomingEventsPanel {...section} />
            <About community={community} />
          </TabsContent>
          <TabsContent value="members">
            <MembersTab
              communityId={community.id}
              viewer={{ id: user?.id ?? '', role: isMember ? role : null, canManage }}
            />
          </TabsContent>
          <TabsContent value="discussions">
            <DiscussionsTab {...section} />
          </TabsContent>
          <TabsContent value="events">
            <EventsTab {...section} />
          </TabsContent>
          <TabsContent value="posts">
            <PostsTab {...section} />
          </TabsContent>
        </Tabs>
      ) : (
        <>
          <About community={community} />
          <p className="rounded-lg border p-4 text-sm text-muted-foreground">
            Only members see what is inside this community.
          </p>
        </>
      )}
      <InviteDialog
        communityId={community.id}
        communityName={community.name}
        open={inviting}
        onOpenChange={setInviting}
      />
    </div>
  );
}

/** The member's communities, to switch between. */
function Switcher({
  communities,
  selected,
  onSelect,
}: {
  communities: readonly Community[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <nav aria-label="My communities">
      <ul className="flex flex-wrap gap-2">
        {communities.map((community) => (
          <li key={community.id}>
            <Button
              size="sm"
              variant={community.id === selected ? 'default' : 'outline'}
              aria-current={community.id === selected ? 'page' : undefined}
              onClick={() => onSelect(community.id)}
            >
              {community.name}
              {community.membership.status === 'pending' ? ' (requested)' : ''}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NoCommunities() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border p-8 text-center">
      <Users className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">No communities yet</h2>
      <p className="text-sm text-muted-foreground">
        Join one below, or start your own around a shared interest.
      </p>
      <Button asChild>
        <Link to="/create-community">
          <Plus aria-hidden />
          Create Community
        </Link>
      </Button>
    </div>
  );
}

/** `/community` (`001` §2 Community Hub): `?c=<id>` picks the community shown. */
export function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const mine = useGetCommunitiesQuery({ scope: 'mine' });
  const chosen = params.get('c');
  const selected = chosen ?? mine.data?.[0]?.id ?? null;
  const select = (id: string) => setParams({ c: id });

  return (
    <>
      <PageHeader title="Community Hub" description="Members, discussions, events and posts.">
        <Button asChild variant="outline">
          <Link to="/create-community">
            <Plus aria-hidden />
            Create Community
          </Link>
        </Button>
      </PageHeader>
      <div className="grid gap-8">
        {mine.isLoading && <LoadingState label="Loading your communities…" />}
        {mine.isError && (
          <ErrorState title="Communities could not be loaded" onRetry={() => void mine.refetch()} />
        )}
        {mine.data && mine.data.length > 0 && (
          <Switcher communities={mine.data} selected={selected} onSelect={select} />
        )}
        {mine.data && mine.data.length === 0 && chosen === null && <NoCommunities />}
        {selected !== null && <Hub key={selected} communityId={selected} />}
        <DiscoverPanel />
      </div>
    </>
  );
}
