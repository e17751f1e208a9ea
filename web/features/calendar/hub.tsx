import { CalendarDays } from 'lucide-react';
import { calendarMessages } from '../../../shared/calendar';
import { HUB_PANEL_ITEMS } from '../../../shared/communities';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { HubSectionProps } from '../../components/hubSection';
import { useGetEventsQuery } from './calendarApi';
import { CreateEventDialog } from './CreateEventDialog';
import { EventCard } from './EventCard';
import { formatEventStart } from './eventTime';
import { useWatchEvents } from './useWatchEvents';

/** The hub's RSVP button reads 'Full' at capacity (`001` §2 Community Hub, §4). */
const HUB_LABELS = { join: 'RSVP', full: calendarMessages.full } as const;

/**
 * The hub's events tab: the community's upcoming events, live counts (pushed to the community's
 * room, and to the cards' watch), RSVP, and Create Event for its members.
 */
export function EventsTab({ communityId, isMember }: HubSectionProps) {
  const { data, isLoading, isError, refetch } = useGetEventsQuery({
    scope: 'upcoming',
    communityId,
  });
  const events = data?.events ?? [];
  useWatchEvents(events.map((event) => event.id));
  return (
    <section aria-labelledby="hub-events-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hub-events-title" className="text-lg font-semibold">
          Events
        </h2>
        {isMember && <CreateEventDialog communityId={communityId} />}
      </div>
      {isLoading ? (
        <LoadingState label="Loading events…" />
      ) : isError && !data ? (
        <ErrorState title={calendarMessages.loadFailed} onRetry={() => void refetch()} />
      ) : events.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground" role="status">
          {calendarMessages.noEvents}
        </p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Community events">
          {events.map((event) => (
            <li key={event.id} className="flex">
              <EventCard event={event} labels={HUB_LABELS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The overview's Upcoming Events: the next three, "View all" opens the events tab. */
export function UpcomingEventsPanel({ communityId, openTab }: HubSectionProps) {
  const { data, isLoading, isError } = useGetEventsQuery({ scope: 'upcoming', communityId });
  const events = (data?.events ?? []).slice(0, HUB_PANEL_ITEMS);
  useWatchEvents(events.map((event) => event.id));
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">Upcoming Events</CardTitle>
        <Button variant="link" size="inline" onClick={() => openTab('events')}>
          View all
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <LoadingState label="Loading events…" />
        ) : isError && !data ? (
          <p role="alert" className="text-sm text-destructive">
            {calendarMessages.loadFailed}
          </p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{calendarMessages.noEvents}</p>
        ) : (
          <ul className="grid gap-3" aria-label="Upcoming events">
            {events.map((event) => (
              <li key={event.id} className="flex items-start gap-3">
                <CalendarDays
                  className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                  aria-hidden
                />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{event.title}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={event.startsAt}>{formatEventStart(event.startsAt)}</time> ·{' '}
                    {event.attendees} / {event.maxAttendees} attending
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
