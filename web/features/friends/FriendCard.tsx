import { Ban, ExternalLink, MessageSquare, ShieldCheck, UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Friend } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { withFeedback } from './actionFeedback';
import { ActionsMenu } from './ActionsMenu';
import type { CardView } from './CardList';
import { ConfirmDialog, type Confirmation } from '../../components/ConfirmDialog';
import { useBlockMemberMutation, useRemoveFriendMutation } from './friendsApi';
import { messagesUrl, profileUrl } from '../../lib/links';
import { PermissionsDialog } from './PermissionsDialog';
import { nameOf, PersonSummary } from './PersonSummary';

export function FriendCard({
  friend,
  view,
  now,
  onGone,
}: {
  friend: Friend;
  view: CardView;
  now: number;
  /** After a removal or block this card leaves the list; focus must land somewhere stable. */
  onGone: () => void;
}) {
  const { user } = friend;
  const name = nameOf(user);
  const [removeFriend] = useRemoveFriendMutation();
  const [blockMember] = useBlockMemberMutation();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [editingPermissions, setEditingPermissions] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  const confirmRemove = () =>
    setConfirmation({
      title: `Remove ${name} from your friends?`,
      description: 'You will stop being friends. You can send a new friend request later.',
      confirmLabel: 'Remove friend',
      onConfirm: () =>
        void withFeedback(() => removeFriend(user.id).unwrap(), {
          success: `${name} was removed from your friends`,
          failure: 'Failed to remove friend',
        }).then((done) => done && onGone()),
    });

  const confirmBlock = () =>
    setConfirmation({
      title: `Block ${name}?`,
      description:
        'This ends your friendship and cancels pending requests. Neither of you can message or send friend requests to the other until you unblock.',
      confirmLabel: 'Block',
      onConfirm: () =>
        void withFeedback(() => blockMember(user.id).unwrap(), {
          success: `${name} was blocked`,
          failure: 'Failed to block member',
        }).then((done) => done && onGone()),
    });

  return (
    <li>
      <Card
        data-testid="friend-card"
        data-user-id={user.id}
        className={cn(
          'flex h-full gap-3 p-4',
          view === 'grid' ? 'flex-col' : 'flex-col sm:flex-row sm:items-center',
        )}
      >
        <div className="min-w-0 flex-1">
          <PersonSummary person={user} mutualFriends={friend.mutualFriends} now={now} />
        </div>
        <div className="flex items-center gap-2">
          <Button asChild variant="outline" size="sm" className={cn(view === 'grid' && 'flex-1')}>
            <Link to={messagesUrl(user.id)} aria-label={`Message ${name}`}>
              <MessageSquare aria-hidden />
              Message
            </Link>
          </Button>
          <ActionsMenu
            label={`Actions for ${name}`}
            triggerRef={menuButton}
            items={menuItems(
              user.id,
              () => setEditingPermissions(true),
              confirmRemove,
              confirmBlock,
            )}
          />
        </div>
      </Card>
      <ConfirmDialog
        confirmation={confirmation}
        onClose={() => setConfirmation(null)}
        returnFocusTo={menuButton}
      />
      <PermissionsDialog
        friend={friend}
        name={name}
        open={editingPermissions}
        onClose={() => setEditingPermissions(false)}
        returnFocusTo={menuButton}
      />
    </li>
  );
}

function menuItems(
  userId: string,
  onPermissions: () => void,
  onRemove: () => void,
  onBlock: () => void,
) {
  return [
    { label: 'Message', icon: <MessageSquare aria-hidden />, href: messagesUrl(userId) },
    {
      label: 'View profile',
      icon: <ExternalLink aria-hidden />,
      href: profileUrl(userId),
      newTab: true,
    },
    { label: 'Permissions', icon: <ShieldCheck aria-hidden />, onSelect: onPermissions },
    {
      label: 'Remove friend',
      icon: <UserMinus aria-hidden />,
      onSelect: onRemove,
      destructive: true,
    },
    { label: 'Block', icon: <Ban aria-hidden />, onSelect: onBlock, destructive: true },
  ];
}
