import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../auth';
import { subjectOf } from './profileRoute';
import { useProfileView, type ProfileView } from './useProfileView';

/** The member a sub-page is about (`?user=<id>`, else the signed-in member), and their profile. */
export function useSubjectProfile(selfId: string): { userId: string; view: ProfileView } {
  const [params] = useSearchParams();
  const userId = subjectOf(params.get('user'), selfId);
  const view = useProfileView(
    userId === selfId ? { kind: 'self', userId } : { kind: 'id', userId },
  );
  return { userId, view };
}

/** The signed-in member's id, null while the session loads. */
export function useSelfId(): string | null {
  return useAppSelector(selectSignedInUserId);
}
