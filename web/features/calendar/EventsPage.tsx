import { Search } from 'lucide-react';
import { useState } from 'react';
import { calendarMessages, EVENT_SEARCH_MAX, type EventScope } from '../../../shared/calendar';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useGetEventsQuery } from './calendarApi';
import { CreateEventDialog } from './CreateEventDialog';
import { EventCard } from './EventCard';
import { useEventsListing, useWatchEvents } from './useWatchEvents';

const TABS: { scope: EventScope; label: string; empty: string }[] = [
  { scope: 'upcoming', label: 'Upcoming', empty: 'No upcoming events.' },
  { scope: 'mine', label: 'My events', empty: 'You have not organized or joined any event.' },
  { scope: 'past', label: 'Past', empty: 'No past events.' },
];

const PAGE_LABELS = { join: calendarMessages.joinEvent, full: calendarMessages.eventFull };

function EventsList({ scope, q, empty }: { scope: EventScope; q: string; empty: string }) {
  const { data, isLoading, isError, refetch } = useGetEventsQuery({ scope, q: q || undefined });
  const events = data?.events ?? [];
  useWatchEvents(events.map((event) => event.id));
  if (isLoading) return <LoadingState label="Loading events…" />;
  if (isError && !data) {
    return (
      <ErrorState
        title={calendarMessages.loadFailed}
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  }
  if (events.length === 0) {
    return (
      <p className="py-16 text-center text-muted-foreground" role="status">
        {q ? `No events match “${q}”.` : empty}
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Events">
      {events.map((event) => (
        <li key={event.id} className="flex">
          <EventCard event={event} labels={PAGE_LABELS} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /events: upcoming events (featured first), my events and past ones, with search; Create Event.
 * Counts are live on every card; new events outside communities refetch the lists.
 */
export function EventsPage() {
  const [tab, setTab] = useState<EventScope>('upcoming');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  useEventsListing();
  return (
    <>
      <PageHeader title="Events" description="Upcoming events you can join.">
        <CreateEventDialog />
      </PageHeader>
      <Tabs value={tab} onValueChange={(value) => setTab(value as EventScope)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="Which events">
            {TABS.map(({ scope, label }) => (
              <TabsTrigger key={scope} value={scope}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="relative w-full sm:w-72">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search events"
              placeholder="Search events"
              className="pl-9"
              maxLength={EVENT_SEARCH_MAX}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        {TABS.map(({ scope, empty }) => (
          <TabsContent key={scope} value={scope}>
            {tab === scope && <EventsList scope={scope} q={q} empty={empty} />}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
