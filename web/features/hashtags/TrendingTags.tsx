import { Hash } from 'lucide-react';
import { Link } from 'react-router-dom';
import { hashtagPath } from '../../../shared/hashtags/parse';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useGetTrendingTagsQuery } from './hashtagsApi';

const peopleText = (count: number) => `${count} ${count === 1 ? 'person' : 'people'}`;

/**
 * The last day's tags by how many people used them, recent use counting more (the server's
 * ranking over public posts), each a link to its page.
 */
export function TrendingTags() {
  const query = useGetTrendingTagsQuery();
  const tags = query.data?.tags;
  return (
    <section
      aria-labelledby="trending-tags-title"
      className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
      data-testid="trending-tags"
    >
      <h2 id="trending-tags-title" className="mb-3 flex items-center gap-2 font-semibold">
        <Hash className="size-4" aria-hidden />
        Trending tags
      </h2>
      {!tags && query.isError && !query.isFetching ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm text-destructive">
          Trending tags could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : !tags ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Loading trending tags…
        </p>
      ) : tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags used in the last 24 hours.</p>
      ) : (
        <ol className="flex flex-col gap-1">
          {tags.map((tag) => (
            <li key={tag.tag}>
              <Link
                to={hashtagPath(tag.tag)}
                className="flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <span className="min-w-0 truncate font-medium">#{tag.tag}</span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {peopleText(tag.authors)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
