export { ProfileContactPage } from './ProfileContactPage';
export { ProfileFollowersPage, ProfileFollowingPage } from './FollowsPages';
export { ProfilePage } from './ProfilePage';
export { ProfileSettingsPage } from './ProfileSettingsPage';
export { ProfileSkillsPage } from './ProfileSkillsPage';
