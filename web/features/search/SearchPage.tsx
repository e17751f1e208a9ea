import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Community } from '../../../shared/communities';
import { hashtagPath } from '../../../shared/hashtags/parse';
import type { Person } from '../../../shared/social';
import {
  SEARCH_LIMITS,
  SEARCH_TYPES,
  type SearchPage as Page,
  type SearchType,
} from '../../../shared/search';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { PostCard } from '../posts';
import { Avatar } from '../../components/UserCard';
import { useGetSearchPageInfiniteQuery } from './searchApi';
import { communityHref, profileHref, SEARCH_GROUP_LABELS } from './searchOptions';

const isSearchType = (value: string | null): value is SearchType =>
  (SEARCH_TYPES as readonly (string | null)[]).includes(value);

/** Why a search failed, in the words its answer gave when it gave any. */
function errorMessage(error: unknown): string {
  const body = (error as { data?: { error?: { message?: unknown } } } | undefined)?.data;
  const message = body?.error?.message;
  return typeof message === 'string' ? message : 'Check your connection and try again.';
}

function PersonHit({ person }: { person: Person }) {
  const name = person.displayName || person.username;
  return (
    <li>
      <Link
        to={profileHref(person.username)}
        className="flex items-center gap-3 rounded-xl border bg-card p-3 hover:bg-accent"
      >
        <Avatar name={name} src={person.avatar} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{name}</span>
          <span className="block truncate text-sm text-muted-foreground">@{person.username}</span>
        </span>
      </Link>
    </li>
  );
}

function CommunityHit({ community }: { community: Community }) {
  const members = community.stats.members;
  return (
    <li>
      <Link
        to={communityHref(community.id)}
        className="block rounded-xl border bg-card p-3 hover:bg-accent"
      >
        <span className="block font-medium">{community.name}</span>
        {community.description && (
          <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground">
            {community.description}
          </span>
        )}
        <span className="mt-1 block text-xs text-muted-foreground">
          {members} {members === 1 ? 'member' : 'members'} · {community.privacy}
        </span>
      </Link>
    </li>
  );
}

/** The hits of the pages loaded so far, as the tab's kind shows them. */
function Hits({ pages, label }: { pages: Page[]; label: string }): ReactNode {
  const people = pages.flatMap((page) => (page.type === 'people' ? page.items : []));
  const posts = pages.flatMap((page) => (page.type === 'posts' ? page.items : []));
  const communities = pages.flatMap((page) => (page.type === 'communities' ? page.items : []));
  const tags = pages.flatMap((page) => (page.type === 'tags' ? page.items : []));
  if (posts.length > 0) {
    return (
      <div role="feed" aria-label={label} className="flex flex-col gap-4">
        {posts.map((post, index) => (
          <PostCard
            key={post.id}
            postId={post.id}
            post={post}
            position={{ index: index + 1, size: -1 }}
          />
        ))}
      </div>
    );
  }
  return (
    <ul aria-label={label} className="grid gap-2" data-testid="search-results">
      {people.map((person) => (
        <PersonHit key={person.id} person={person} />
      ))}
      {communities.map((community) => (
        <CommunityHit key={community.id} community={community} />
      ))}
      {tags.map(({ tag }) => (
        <li key={tag}>
          <Link
            to={hashtagPath(tag)}
            className="block rounded-xl border bg-card p-3 font-medium hover:bg-accent"
          >
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** One tab's results: loading, an error with retry, none, or the hits with "Load more". */
function Results({ q, type }: { q: string; type: SearchType }) {
  const query = useGetSearchPageInfiniteQuery({ q, type });
  const pages = query.data?.pages;
  const label = `${SEARCH_GROUP_LABELS[type]} matching “${q}”`;
  if (query.isLoading) return <LoadingState label={`Searching ${type} for “${q}”…`} />;
  if (!pages) {
    return (
      <ErrorState
        title="The search could not be completed"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (pages.every((page) => page.items.length === 0)) {
    return (
      <div className="py-16 text-center" data-testid="search-empty">
        <Search className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">No results for “{q}”</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Try other words, or another tab: {SEARCH_GROUP_LABELS[type].toLowerCase()} you can see are
          searched here.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={query.isFetching}>
      <Hits pages={pages} label={label} />
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          More results could not be loaded: {errorMessage(query.error)}
        </p>
      )}
      <LoadMoreButton query={query} />
    </div>
  );
}

/** `/search?q=&type=`: the results of the top bar's search box, a tab per kind. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const asked = params.get('type');
  const type: SearchType = isSearchType(asked) ? asked : 'posts';
  const valid = q !== '' && q.length <= SEARCH_LIMITS.query;

  return (
    <>
      <PageHeader
        title="Search"
        description={valid ? `Results for “${q}”` : 'People, posts, communities and tags.'}
      />
      {!valid ? (
        <p className="py-16 text-center text-muted-foreground">
          {q === ''
            ? 'Type in the search box at the top (press / to get there) to search.'
            : `A search is at most ${SEARCH_LIMITS.query} characters.`}
        </p>
      ) : (
        <Tabs
          value={type}
          onValueChange={(next) => setParams({ q, type: next }, { replace: true })}
        >
          <TabsList aria-label="Kinds of results">
            {SEARCH_TYPES.map((kind) => (
              <TabsTrigger key={kind} value={kind}>
                {SEARCH_GROUP_LABELS[kind]}
              </TabsTrigger>
            ))}
          </TabsList>
          {SEARCH_TYPES.map((kind) => (
            <TabsContent key={kind} value={kind}>
              {kind === type && <Results q={q} type={kind} />}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </>
  );
}
