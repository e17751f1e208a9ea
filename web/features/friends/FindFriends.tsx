import { skipToken } from '@reduxjs/toolkit/query';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { CardList, type CardView } from './CardList';
import { useSearchFriendsQuery } from './friendsApi';
import { PersonResultCard } from './PersonResultCard';
import { SearchBox } from './SearchBox';
import { searchQueryOf, searchSummary } from './searchRules';
import { useNow } from '../../lib/useNow';

export interface SearchState {
  /** What is in the box. */
  text: string;
  /** The query last submitted, or null before the first search. */
  query: string | null;
}

/** The Find Friends tab: the search box, the 'Found N people' line, and the result cards. */
export function FindFriends({
  view,
  search,
  onSearchChange,
}: {
  view: CardView;
  search: SearchState;
  onSearchChange: (search: SearchState) => void;
}) {
  const { currentData, isFetching, isError, refetch } = useSearchFriendsQuery(
    search.query ?? skipToken,
  );
  const now = useNow();

  const submit = () => {
    const query = searchQueryOf(search.text);
    if (query === null) return;
    // The same query again asks the server again rather than reading the cache.
    if (query === search.query) void refetch();
    else onSearchChange({ ...search, query });
  };

  return (
    <section aria-labelledby="find-friends-heading" className="grid gap-4">
      <h2 id="find-friends-heading" className="text-lg font-semibold">
        Find Friends
      </h2>
      <SearchBox
        text={search.text}
        searching={isFetching}
        onTextChange={(text) => onSearchChange({ ...search, text })}
        onSubmit={submit}
      />
      {search.query !== null &&
        (currentData ? (
          <>
            <p
              role="status"
              aria-live="polite"
              data-testid="friends-search-summary"
              className="text-sm text-muted-foreground"
            >
              {searchSummary(currentData.length)}
            </p>
            {currentData.length > 0 && (
              <CardList view={view} label="Search results">
                {currentData.map((result) => (
                  <PersonResultCard key={result.id} result={result} view={view} now={now} />
                ))}
              </CardList>
            )}
          </>
        ) : isFetching ? (
          <LoadingState label="Searching…" />
        ) : (
          isError && (
            <ErrorState
              title="Search failed"
              message="Check your connection and try again."
              onRetry={() => void refetch()}
            />
          )
        ))}
    </section>
  );
}
