import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';

export function ProfilePage() {
  const { username } = useParams();
  return (
    <PageHeader
      title="Profile"
      description={
        username
          ? `The profile of @${username}: about, stats, skills and contact details.`
          : 'Your profile: about, stats, skills and contact details.'
      }
    />
  );
}

export function ProfileContactPage() {
  return (
    <PageHeader
      title="Contact Information"
      description="How to reach this member, and a form to send them a message."
    />
  );
}

export function ProfileFollowersPage() {
  return <PageHeader title="Followers" description="Members who follow this profile." />;
}

export function ProfileFollowingPage() {
  return <PageHeader title="Following" description="Members this profile follows." />;
}

export { ProfileSettingsPage } from './ProfileSettingsPage';

export function ProfileSkillsPage() {
  return (
    <PageHeader
      title="Skills"
      description="Technical skills, top skills and what this member is learning now."
    />
  );
}

export function ProfileStatsPage() {
  return <PageHeader title="Stats" description="Activity and engagement of this profile." />;
}
