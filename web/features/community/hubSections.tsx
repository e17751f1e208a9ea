/**
 * The hub's sections owned by the features of what is inside a community: this module is the one
 * seam between the hub and them.
 */
export { DiscussionsTab, LatestDiscussionsPanel, PostsTab } from '../community-content';
export { EventsTab, UpcomingEventsPanel } from '../calendar';
