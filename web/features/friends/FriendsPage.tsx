import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import type { CardView } from './CardList';
import { ConnectionBadges } from './ConnectionBadges';
import { FindFriends, type SearchState } from './FindFriends';
import { ALL_FRIENDS, type FriendFilters } from './friendFilters';
import { FriendsList } from './FriendsList';
import { FriendsTabList } from './FriendsTabList';
import { friendsTabOf, isFriendsTab } from './friendsTabs';
import { RequestsList } from './RequestsList';
import { Suggestions } from './Suggestions';
import { ViewToggle } from './ViewToggle';

const panelClass =
  'mt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring rounded-lg';

/** Spec 000 §2: /friends, with the tab in the query string (?tab=requests from notifications). */
export function FriendsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = friendsTabOf(searchParams.get('tab'));
  const [view, setView] = useState<CardView>('grid');
  const [filters, setFilters] = useState<FriendFilters>(ALL_FRIENDS);
  const [search, setSearch] = useState<SearchState>({ text: '', query: null });

  const selectTab = (value: string) => {
    if (!isFriendsTab(value)) return;
    setSearchParams(
      (params) => {
        params.set('tab', value);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader
        title="Friends"
        description="Your friends, the friend requests you received, and people you may know."
      >
        <ConnectionBadges />
      </PageHeader>
      <Tabs.Root value={tab} onValueChange={selectTab}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <FriendsTabList />
          {tab !== 'requests' && <ViewToggle view={view} onChange={setView} />}
        </div>
        <Tabs.Content value="friends" className={panelClass}>
          <FriendsList view={view} filters={filters} onFiltersChange={setFilters} />
        </Tabs.Content>
        <Tabs.Content value="requests" className={panelClass}>
          <RequestsList />
        </Tabs.Content>
        <Tabs.Content value="search" className={panelClass}>
          <FindFriends view={view} search={search} onSearchChange={setSearch} />
        </Tabs.Content>
        <Tabs.Content value="suggestions" className={panelClass}>
          <Suggestions view={view} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
