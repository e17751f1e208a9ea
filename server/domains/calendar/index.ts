import type { DomainModule } from '../../core/module';
import { systemContext } from '../../core/context';
import { calendarProjection } from './calendar-projection';
import { createCalendarPusher } from './calendar-pusher';
import { createEventWatchFeature, eventsListFeature } from './calendar-socket-features';
import { createRemindersWorker } from './reminders-worker';
import { calendarRoutes } from './routes';
import { seedEvents } from './seed';

/**
 * Events (`001` §2 Events, §3 Event, §4): /events and community events, capacity held at commit,
 * live attendee counts, reminder emails. Named `calendar` because `events` is the event store's.
 */
export const calendarModule: DomainModule = {
  name: 'calendar',
  projections: () => [calendarProjection],
  routes: calendarRoutes,
  pushers: () => [createCalendarPusher()],
  socketFeatures: (deps) => [createEventWatchFeature(deps), eventsListFeature],
  workers: (deps) => [createRemindersWorker(deps)],
  start: ({ commands }) => commands.run(seedEvents, { now: new Date() }, systemContext()),
};
