import * as Tabs from '@radix-ui/react-tabs';
import { useAppSelector } from '../../state/hooks';
import { cn } from '../../lib/cn';
import { selectBadges } from '../badges';
import { useGetFriendRequestsQuery, useGetFriendsQuery } from './friendsApi';
import type { FriendsTab } from './friendsTabs';

function Count({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="min-w-5 rounded-full bg-muted px-1.5 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums group-data-[state=active]:bg-primary group-data-[state=active]:text-primary-foreground">
      {value}
    </span>
  );
}

const triggerClass = cn(
  'group inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

/**
 * The four tabs with counts on Friends and Requests (spec 000 §2). The Requests count is the live
 * badge of pending incoming requests, so it moves with pushes; until the first badge value
 * arrives it falls back to the list.
 */
export function FriendsTabList() {
  const { data: friends } = useGetFriendsQuery();
  const { data: requests } = useGetFriendRequestsQuery();
  const badges = useAppSelector(selectBadges);
  const requestCount = badges.version !== null ? badges.friendRequests : requests?.incoming.length;

  const tabs: { value: FriendsTab; label: string; count?: number }[] = [
    { value: 'friends', label: 'Friends', count: friends?.length },
    { value: 'requests', label: 'Requests', count: requestCount },
    { value: 'search', label: 'Find Friends' },
    { value: 'suggestions', label: 'Suggestions' },
  ];

  return (
    <Tabs.List
      aria-label="Friends sections"
      className="scrollbar-none flex w-full gap-1 overflow-x-auto rounded-xl bg-muted p-1 sm:w-max"
    >
      {tabs.map(({ value, label, count }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          data-testid={`friends-tab-${value}`}
          className={triggerClass}
        >
          {label} <Count value={count} />
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
