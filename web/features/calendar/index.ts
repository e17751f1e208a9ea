// What other features use of calendar; inside the feature, files import each other directly.
export { EventsTab, UpcomingEventsPanel } from './hub';
