import { toast } from 'sonner';
import type { Community } from '../../../shared/communities';
import { apiErrorOf } from '../../lib/formErrors';
import {
  useDeclineInvitationMutation,
  useJoinCommunityMutation,
  useLeaveCommunityMutation,
} from './communityApi';
import { joinActionOf } from './joinAction';

/** Runs the join, request, accept, cancel or leave the hub offers, telling the member how it went. */
export function useJoinAction(community: Community) {
  const [join, joining] = useJoinCommunityMutation();
  const [leave, leaving] = useLeaveCommunityMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const action = joinActionOf(community);
  const busy = joining.isLoading || leaving.isLoading || declining.isLoading;

  const report = (answer: { error?: unknown }, success: string) => {
    if (answer.error) toast.error(apiErrorOf(answer.error)?.message ?? 'Please try again.');
    else toast.success(success);
  };

  const run = async () => {
    if (action.kind === 'join') {
      const answer = await join(community.id);
      const pending = answer.data?.membership.status === 'pending';
      report(answer, pending ? 'Your request to join was sent' : `You joined ${community.name}`);
    } else if (action.kind === 'leave' || action.kind === 'pending') {
      report(await leave(community.id), action.kind === 'leave' ? 'You left' : 'Request cancelled');
    }
  };

  const declineInvitation = async () => report(await decline(community.id), 'Invitation declined');

  return { action, busy, run, declineInvitation };
}
