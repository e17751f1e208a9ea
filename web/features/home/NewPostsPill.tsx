import { ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { Spinner } from '../../components/ui/spinner';
import { selectNewPostIds, selectNewPostTags, selectNewReposts } from '../posts';
import { FEED_TEXTS, newPostsText } from './feedList';
import { keepReadersPlace } from './keepReadersPlace';
import { loadNewPosts } from './loadNewPosts';

/** The feed's cards, by which the reader's place is kept. */
export const FEED_CARD = '[data-testid="home-feed"] [data-testid="post-card"]';

/**
 * "N new posts" at the top of a list while new posts wait (the home feed, a tag page). It floats
 * over the list instead of taking room, so its coming and going moves nothing the reader is
 * reading; a click runs `load`, which answers whether the posts could be loaded.
 */
export function PendingPostsPill({
  count,
  load,
  testId,
}: {
  count: number;
  load: () => Promise<boolean>;
  testId: string;
}) {
  const [loading, setLoading] = useState(false);
  const click = async () => {
    setLoading(true);
    const loaded = await load();
    setLoading(false);
    if (!loaded) toast.error(FEED_TEXTS.newPostsFailed);
  };
  return (
    <div className="pointer-events-none sticky top-16 z-30 h-0" aria-live="polite">
      {count > 0 && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={() => void click()}
            disabled={loading}
            className="pointer-events-auto -mt-2 inline-flex items-center gap-1.5 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-80"
            data-testid={testId}
          >
            {loading ? <Spinner /> : <ArrowUp className="size-4" aria-hidden />}
            {newPostsText(count)}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The home feed's pill, for new posts of friends, followees and followed tags (issue #12 Live),
 * and their reposts. `onAddingAbove` hears when the posts start being put on top of the list and
 * when the reader's place has settled under them.
 */
export function NewPostsPill({ onAddingAbove }: { onAddingAbove: (adding: boolean) => void }) {
  const dispatch = useAppDispatch();
  const newIds = useAppSelector(selectNewPostIds);
  const followedTags = useAppSelector(selectNewPostTags);
  const reposts = useAppSelector(selectNewReposts);
  return (
    <PendingPostsPill
      count={newIds.length}
      load={async () => {
        onAddingAbove(true);
        try {
          return await keepReadersPlace(
            FEED_CARD,
            async () => (await dispatch(loadNewPosts(newIds, followedTags, reposts))) !== 'failed',
          );
        } finally {
          onAddingAbove(false);
        }
      }}
      testId="new-posts-pill"
    />
  );
}
