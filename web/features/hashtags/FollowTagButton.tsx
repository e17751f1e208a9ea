import { Check, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSetTagFollowMutation } from './hashtagsApi';

/**
 * Follow / Following for one tag. The state shown is the tag page's, which this tab's answers
 * and the member's other tabs' pushes keep current (newest version wins).
 */
export function FollowTagButton({ tag, following }: { tag: string; following: boolean }) {
  const [setFollow, { isLoading }] = useSetTagFollowMutation();
  const toggle = async () => {
    try {
      await setFollow({ tag, follow: !following }).unwrap();
    } catch {
      toast.error(
        following ? `#${tag} could not be unfollowed.` : `#${tag} could not be followed.`,
      );
    }
  };
  return (
    <Button
      variant={following ? 'outline' : 'default'}
      aria-pressed={following}
      disabled={isLoading}
      onClick={() => void toggle()}
      data-testid="follow-tag"
    >
      {isLoading ? <Spinner /> : following ? <Check aria-hidden /> : <Plus aria-hidden />}
      {following ? 'Following' : 'Follow'}
      <span className="sr-only"> #{tag}</span>
    </Button>
  );
}
