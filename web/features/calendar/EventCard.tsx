import { CalendarDays, Globe, MapPin, Star, Users } from 'lucide-react';
import { calendarMessages, EVENT_CARD_TAGS, type CalendarEvent } from '../../../shared/calendar';
import { Card } from '../../components/ui/card';
import { Avatar } from '../../components/UserCard';
import { CancelEventButton } from './CancelEventButton';
import { formatEventStart } from './eventTime';
import { RsvpButton, type RsvpButtonProps } from './RsvpButton';

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * One event: when (in the viewer's zone), where, type, tags (3, then '+N'), organizer, "N / M
 * attending", and Join Event / Leave; cancel for whoever may.
 */
export function EventCard({
  event,
  labels,
  compact = false,
}: {
  event: CalendarEvent;
  labels: RsvpButtonProps['labels'];
  compact?: boolean;
}) {
  const shownTags = event.tags.slice(0, EVENT_CARD_TAGS);
  const moreTags = event.tags.length - shownTags.length;
  const online = event.type === 'online';
  return (
    <Card
      role="article"
      className="flex flex-col gap-3 p-4"
      data-testid="event-card"
      aria-label={event.title}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">{event.title}</h3>
        <div className="flex flex-wrap gap-1.5">
          {event.isFeatured && (
            <span className={`${badge} inline-flex items-center gap-1 bg-amber-100 text-amber-900`}>
              <Star className="size-3" aria-hidden /> Featured
            </span>
          )}
          <span className={`${badge} bg-muted text-muted-foreground`}>
            {online ? 'Online' : 'In person'}
          </span>
          {event.status !== 'upcoming' && (
            <span className={`${badge} bg-destructive/10 text-destructive`}>
              {event.status === 'cancelled' ? 'Cancelled' : 'Past'}
            </span>
          )}
          {event.registrationRequired && (
            <span className={`${badge} bg-primary/10 text-primary`}>Registration required</span>
          )}
        </div>
      </div>
      {!compact && event.description && (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{event.description}</p>
      )}
      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={event.startsAt}>{formatEventStart(event.startsAt)}</time>
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            {online ? (
              <Globe className="size-4 text-muted-foreground" aria-hidden />
            ) : (
              <MapPin className="size-4 text-muted-foreground" aria-hidden />
            )}
            <span className="sr-only">Where</span>
          </dt>
          <dd className="min-w-0 truncate">
            {online && /^https?:\/\//i.test(event.location) ? (
              <a href={event.location} target="_blank" rel="noreferrer" className="underline">
                {event.location}
              </a>
            ) : (
              event.location || 'Online'
            )}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Attending</span>
          </dt>
          <dd data-testid="event-attendees">
            {event.attendees} / {event.maxAttendees} attending
          </dd>
        </div>
      </dl>
      {shownTags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {shownTags.map((tag) => (
            <li key={tag} className={`${badge} bg-secondary text-secondary-foreground`}>
              #{tag}
            </li>
          ))}
          {moreTags > 0 && <li className={`${badge} text-muted-foreground`}>+{moreTags}</li>}
        </ul>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
        <span className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
          <Avatar
            name={event.organizer.displayName}
            src={event.organizer.avatar}
            className="size-6 text-xs"
          />
          <span className="truncate">
            <span className="sr-only">Organizer: </span>
            {event.organizer.displayName}
          </span>
        </span>
        <span className="flex items-center gap-1">
          <CancelEventButton event={event} />
          {event.canJoin || event.attending ? (
            <RsvpButton event={event} labels={labels} />
          ) : (
            <span className="text-xs text-muted-foreground">
              {calendarMessages.joinCommunityFirst}
            </span>
          )}
        </span>
      </div>
    </Card>
  );
}
