import { toast } from 'sonner';
import { profileMessages } from '../../../shared/profiles';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { apiErrorOf } from '../../lib/formErrors';
import { selectSignedInUserId } from '../auth';
import { profileApi, useFollowMutation } from './profileApi';
import { followOutcomeReceived } from './profileCache';

/**
 * Follow or unfollow a member. The answer's counts go onto their cached profile; the viewer's own
 * Following count changed too, so their profile is asked again when next shown. A refusal shows
 * 'Failed to follow user'.
 */
export function useFollowToggle(): {
  toggle: (userId: string, follow: boolean) => Promise<void>;
  pendingFor: string | null;
} {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectSignedInUserId);
  const [follow, { isLoading, originalArgs }] = useFollowMutation();

  async function toggle(userId: string, wanted: boolean) {
    try {
      const answer = await follow({ userId, follow: wanted }).unwrap();
      dispatch(followOutcomeReceived(userId, answer));
      if (me) dispatch(profileApi.util.invalidateTags([{ type: 'Profile', id: me }]));
    } catch (failure) {
      // The server's reason ('You cannot follow yourself'...) says what the title cannot.
      toast.error(profileMessages.followFailed, { description: apiErrorOf(failure)?.message });
    }
  }

  return { toggle, pendingFor: isLoading ? (originalArgs?.userId ?? null) : null };
}
