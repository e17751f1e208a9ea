export { CommunityPage } from './CommunityHubPage';
export { CreateCommunityPage } from './CreateCommunityPage';
