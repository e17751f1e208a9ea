import { UserSearch } from 'lucide-react';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { CardList, type CardView } from './CardList';
import { EmptyState } from './EmptyState';
import { useGetFriendSuggestionsQuery } from './friendsApi';
import { PersonResultCard } from './PersonResultCard';
import { useNow } from '../../lib/useNow';

/** The Suggestions tab: friends of friends, ranked by mutual friends by the server. */
export function Suggestions({ view }: { view: CardView }) {
  const { data, isLoading, refetch } = useGetFriendSuggestionsQuery();
  const now = useNow();

  let body;
  if (isLoading) body = <LoadingState label="Loading suggestions…" />;
  else if (!data) {
    body = (
      <ErrorState
        title="Failed to load suggestions"
        message="Check your connection and try again."
        onRetry={() => void refetch()}
      />
    );
  } else if (data.length === 0) {
    body = (
      <EmptyState
        icon={UserSearch}
        title="No suggestions yet"
        hint="Friends of your friends will appear here, ranked by how many friends you share."
      />
    );
  } else {
    body = (
      <CardList view={view} label="Suggested people">
        {data.map((result) => (
          <PersonResultCard key={result.id} result={result} view={view} now={now} />
        ))}
      </CardList>
    );
  }

  return (
    <section aria-labelledby="suggestions-heading" className="grid gap-4">
      <div>
        <h2 id="suggestions-heading" className="text-lg font-semibold">
          People you may know
        </h2>
        <p className="text-sm text-muted-foreground">Ranked by mutual friends.</p>
      </div>
      {body}
    </section>
  );
}
