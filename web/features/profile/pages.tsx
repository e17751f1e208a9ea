export { ProfileContactPage } from './ProfileContactPage';
export { ProfileFollowersPage, ProfileFollowingPage } from './FollowsPages';
export { ProfilePage } from './ProfilePage';
export { ProfileSkillsPage } from './ProfileSkillsPage';
