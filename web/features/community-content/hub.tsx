/**
 * What the community hub renders of discussions and posts: its discussions and posts tabs and
 * the overview's Latest Discussions panel, each taking the hub's `HubSectionProps`.
 */
export { DiscussionsTab } from './DiscussionsTab';
export { LatestDiscussionsPanel } from './LatestDiscussionsPanel';
export { PostsTab } from './PostsTab';
