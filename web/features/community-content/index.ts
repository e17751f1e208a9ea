// What other features use of community-content; inside the feature, files import each other directly.
export { DiscussionsTab, LatestDiscussionsPanel, PostsTab } from './hub';
