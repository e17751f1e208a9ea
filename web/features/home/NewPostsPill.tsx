import { ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/ui/spinner';
import { selectNewPostIds } from '../posts/newPostsSlice';
import { FEED_TEXTS, newPostsText } from './feedList';
import { keepReadersPlace } from './keepReadersPlace';
import { loadNewPosts } from './loadNewPosts';

/** The feed's cards, by which the reader's place is kept. */
const FEED_CARD = '[data-testid="home-feed"] [data-testid="post-card"]';

/**
 * "N new posts" at the top of the feed while friends' posts wait (issue #12 Live). It floats
 * over the feed instead of taking room, so its coming and going moves nothing the reader is
 * reading; a click loads them in place.
 */
export function NewPostsPill() {
  const dispatch = useAppDispatch();
  const newIds = useAppSelector(selectNewPostIds);
  const [loading, setLoading] = useState(false);

  const load = async () => {
    setLoading(true);
    const outcome = await keepReadersPlace(FEED_CARD, () => dispatch(loadNewPosts(newIds)));
    setLoading(false);
    if (outcome === 'failed') toast.error(FEED_TEXTS.newPostsFailed);
  };

  return (
    <div className="pointer-events-none sticky top-16 z-30 h-0" aria-live="polite">
      {newIds.length > 0 && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={() => void load()}
            disabled={loading}
            className="pointer-events-auto -mt-2 inline-flex items-center gap-1.5 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-80"
            data-testid="new-posts-pill"
          >
            {loading ? <Spinner /> : <ArrowUp className="size-4" aria-hidden />}
            {newPostsText(newIds.length)}
          </button>
        </div>
      )}
    </div>
  );
}
