import { useEffect } from 'react';
import { useLiveFeature } from '../connection';
import { CALENDAR_LIVE_FEATURE } from './calendarLiveName';
import { eventsListing, watchedEvents } from './watchedEvents';

/** Follows the attendee counts of the events the calling screen shows, live. */
export function useWatchEvents(eventIds: readonly string[]): void {
  useLiveFeature(CALENDAR_LIVE_FEATURE);
  const key = [...new Set(eventIds)].sort().join(',');
  useEffect(() => (key === '' ? undefined : watchedEvents.watch(key.split(','))), [key]);
}

/** While /events shows, events created, changed or cancelled outside communities refetch it. */
export function useEventsListing(): void {
  useLiveFeature(CALENDAR_LIVE_FEATURE);
  useEffect(() => eventsListing.start(), []);
}
