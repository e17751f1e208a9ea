import { Globe, Lock, ShieldCheck, UserPlus } from 'lucide-react';
import type { Community } from '../../../shared/communities';
import { Button } from '../../components/ui/button';
import { Avatar } from '../../components/UserCard';
import { capitalize } from '../../components/formFields';
import { JoinButtons } from './JoinButtons';

const PRIVACY_ICON = { public: Globe, restricted: ShieldCheck, private: Lock } as const;

/** Banner, avatar, name, privacy and the member's Join/Leave; Invite Members for members. */
export function HubHeader({
  community,
  onInvite,
}: {
  community: Community;
  onInvite: (() => void) | null;
}) {
  const PrivacyIcon = PRIVACY_ICON[community.privacy];
  return (
    <header className="overflow-hidden rounded-2xl border bg-card">
      {community.banner ? (
        <img src={community.banner} alt="" className="aspect-[3/1] max-h-56 w-full object-cover" />
      ) : (
        <div className="h-24 bg-gradient-to-r from-indigo-500/30 to-violet-500/30" aria-hidden />
      )}
      <div className="flex flex-wrap items-end gap-4 p-4">
        <Avatar
          name={community.name}
          src={community.avatar}
          className="-mt-12 size-20 border-4 border-card text-2xl"
        />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-2xl font-semibold">{community.name}</h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <PrivacyIcon className="size-4" aria-hidden />
            {capitalize(community.privacy)} · {capitalize(community.category)}
            {community.location ? ` · ${community.location}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          {onInvite && (
            <Button variant="outline" onClick={onInvite}>
              <UserPlus aria-hidden />
              Invite Members
            </Button>
          )}
          <JoinButtons community={community} />
        </div>
      </div>
      {community.description && (
        <p className="px-4 pb-4 text-sm whitespace-pre-line">{community.description}</p>
      )}
    </header>
  );
}
