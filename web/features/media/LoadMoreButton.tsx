import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of a file list, while there is one. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && <Spinner />}
      Load more
    </Button>
  );
}
