import {
  BriefcaseBusiness,
  Calendar,
  Link2,
  AtSign,
  MapPin,
  MessageSquare,
  Pencil,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { profileMessages, type Profile } from '../../../shared/profiles';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAppSelector } from '../../state/hooks';
import { selectSignedInUser } from '../auth';
import { messagesUrl } from '../../lib/links';
import { PresenceDot } from '../../components/PresenceDot';
import { ProfileAvatar, ProfileBanner } from './ProfileImages';
import { ProfileEditorDialog } from './ProfileEditorDialog';
import { profileLink } from './profileRoute';
import { joinedText, statusLabel } from './profileText';
import { useFollowToggle } from './useFollowToggle';
import { RequireRotationButton } from './RequireRotationButton';

/** The profile header (002 §2 item 12) with the owner's Edit or the visitor's Follow and Message. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const name = profile.displayName || profile.username;
  const status = statusLabel(profile.status);
  return (
    <Card className="overflow-hidden" data-testid="profile-header">
      <ProfileBanner src={profile.banner} />
      <div className="flex flex-col gap-4 px-6 pb-6">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-3">
          <ProfileAvatar name={name} src={profile.avatar} />
          <ProfileActions profile={profile} />
        </div>
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold" data-testid="profile-name">
            {name}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>@{profile.username}</span>
            <span className="inline-flex items-center gap-1.5" data-testid="profile-status">
              <PresenceDot status={profile.status} />
              <span aria-hidden>{status}</span>
            </span>
          </p>
          {(profile.jobTitle || profile.company) && (
            <p className="flex items-center gap-1.5 text-sm">
              <BriefcaseBusiness className="size-4 text-muted-foreground" aria-hidden />
              {[profile.jobTitle, profile.company].filter(Boolean).join(' at ')}
            </p>
          )}
          {profile.bio && <p className="mt-2 text-sm whitespace-pre-line">{profile.bio}</p>}
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
          {profile.email && (
            <li className="flex items-center gap-1.5">
              <AtSign className="size-4" aria-hidden />
              <span data-testid="profile-email">{profile.email}</span>
            </li>
          )}
          {profile.location && (
            <li className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden />
              {profile.location}
            </li>
          )}
          <li className="flex items-center gap-1.5" data-testid="profile-joined">
            <Calendar className="size-4" aria-hidden />
            {joinedText(profile.joinDate)}
          </li>
        </ul>
      </div>
    </Card>
  );
}

function ProfileActions({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const reasonId = useId();
  const { toggle, pendingFor } = useFollowToggle();
  const navigate = useNavigate();
  const following = profile.followedByMe;
  const viewerIsOwner = useAppSelector(selectSignedInUser)?.role === 'owner';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(profileLink(window.location.origin, profile.username));
      toast.success(profileMessages.linkCopied);
    } catch {
      toast.error('The profile link could not be copied to the clipboard.');
    }
  }

  const copy = (
    <Button variant="outline" onClick={() => void copyLink()}>
      <Link2 aria-hidden />
      Copy link
    </Button>
  );

  if (profile.isSelf) {
    return (
      <div className="flex flex-wrap gap-2">
        {copy}
        <Button onClick={() => setEditing(true)}>
          <Pencil aria-hidden />
          Edit Profile
        </Button>
        {editing && <ProfileEditorDialog profile={profile} onClose={() => setEditing(false)} />}
      </div>
    );
  }

  const messageReason = profile.messageRefusal?.message ?? null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {copy}
      {viewerIsOwner && <RequireRotationButton profile={profile} />}
      <Button
        variant="outline"
        disabled={!profile.canMessage}
        aria-describedby={messageReason ? reasonId : undefined}
        onClick={() => void navigate(messagesUrl(profile.id))}
      >
        <MessageSquare aria-hidden />
        Message
      </Button>
      <Button
        variant={following ? 'outline' : 'default'}
        aria-pressed={following}
        disabled={pendingFor === profile.id}
        onClick={() => void toggle(profile.id, !following)}
      >
        {pendingFor === profile.id && <Spinner />}
        {following ? 'Unfollow' : 'Follow'}
      </Button>
      {messageReason && (
        <p id={reasonId} className="basis-full text-right text-xs text-muted-foreground">
          {messageReason}
        </p>
      )}
    </div>
  );
}
