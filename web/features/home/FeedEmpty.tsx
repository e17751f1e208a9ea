import { Newspaper, SquarePen } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { FEED_TEXTS } from './feedList';

export function FeedEmpty() {
  return (
    <div
      className="mx-auto flex max-w-sm flex-col items-center gap-3 py-16 text-center"
      data-testid="feed-empty"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Newspaper className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{FEED_TEXTS.emptyTitle}</h2>
      <p className="text-sm text-muted-foreground">{FEED_TEXTS.emptyBody}</p>
      <Button asChild>
        <Link to="/create-post">
          <SquarePen aria-hidden />
          {FEED_TEXTS.createPost}
        </Link>
      </Button>
    </div>
  );
}
