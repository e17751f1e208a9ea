import { useParams } from 'react-router-dom';
import type { Profile } from '../../../shared/profiles';
import { useAppSelector } from '../../state/hooks';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { selectSignedInUserId } from '../auth';
import { ProfileMentions } from './ProfileMentions';
import { ContactCard, OwnerDetailsCard, SkillsCard } from './ProfileCards';
import { ProfileHeader } from './ProfileHeader';
import { profileTarget, type ProfileTarget } from './profileRoute';
import { ProfileStatsTiles } from './ProfileStatsTiles';
import { useProfileView } from './useProfileView';

/** `/profile` (the signed-in member) and `/profile/{username or id}` (000 §2, 002 §2 items 12–15). */
export function ProfilePage() {
  const { username } = useParams();
  const selfId = useAppSelector(selectSignedInUserId);
  if (!selfId) return <LoadingState label="Loading profile..." />;
  const target = profileTarget(username, selfId);
  const key = target.kind === 'username' ? `@${target.username}` : target.userId;
  return <ProfileScreen key={key} target={target} />;
}

function ProfileScreen({ target }: { target: ProfileTarget }) {
  const view = useProfileView(target, { countView: true });
  useDocumentTitle(
    view.state === 'ready' ? view.profile.displayName || view.profile.username : 'Profile',
  );
  if (view.state === 'loading') return <LoadingState label="Loading profile..." />;
  if (view.state === 'failed') {
    return (
      <div data-testid="profile-error">
        <ErrorState
          title={view.message}
          message="Check the address, or try again."
          onRetry={view.retry}
        />
      </div>
    );
  }
  return <ProfileContent profile={view.profile} />;
}

function ProfileContent({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-6">
      <ProfileHeader profile={profile} />
      <ProfileStatsTiles stats={profile.stats} userId={profile.id} isSelf={profile.isSelf} />
      <div className="grid gap-6 md:grid-cols-2">
        {profile.detailsVisible && <SkillsCard profile={profile} />}
        {profile.contactVisible && <ContactCard profile={profile} />}
        {profile.isSelf && <OwnerDetailsCard profile={profile} />}
      </div>
      {!profile.detailsVisible && (
        <p className="text-center text-sm text-muted-foreground" data-testid="profile-hidden">
          {profile.privacy === 'private'
            ? 'This profile is private.'
            : 'Only friends of this member see their details.'}
        </p>
      )}
      <ProfileMentions memberId={profile.id} isSelf={profile.isSelf} />
    </div>
  );
}
