import type { Community } from '../../../shared/communities';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { useJoinAction } from './useJoinAction';

/** Join / Request to Join / Accept Invitation (and Decline) / Cancel Request / Leave. */
export function JoinButtons({ community, size }: { community: Community; size?: 'sm' }) {
  const { action, busy, run, declineInvitation } = useJoinAction(community);
  if (action.kind === 'none') return null;
  if (action.kind === 'leave') {
    return (
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size={size} disabled={busy}>
            Leave
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Leave {community.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {community.privacy === 'private'
              ? 'It is private: you can come back only with a new invitation.'
              : 'You can join again later.'}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void run()}>Leave</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  return (
    <div className="flex gap-2">
      <Button
        size={size}
        variant={action.kind === 'pending' ? 'outline' : 'default'}
        disabled={busy}
        onClick={() => void run()}
        aria-label={`${action.label}: ${community.name}`}
      >
        {action.label}
      </Button>
      {action.label === 'Accept Invitation' && (
        <Button
          size={size}
          variant="ghost"
          disabled={busy}
          onClick={() => void declineInvitation()}
        >
          Decline
        </Button>
      )}
    </div>
  );
}
