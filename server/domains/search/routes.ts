import {
  searchPageSchema,
  searchQuerySchema,
  searchSuggestionsQuerySchema,
  searchSuggestionsSchema,
} from '../../../shared/search';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readSearchPage, readSuggestions } from './search-read';

const TIMEOUT = 'A search past its time limit answers `503 search-timeout`.';

export function searchRoutes({ readDb }: ModuleDeps): AnyRouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/search/suggestions',
      summary: 'The search box: the few best people, posts, communities and tags for a text',
      description:
        'Five of each kind, each by its own visibility rules: people as `/users?q=` ranks ' +
        'them, published posts the member may see that hold every word typed ' +
        '(newest first), communities the member may see, and tags beginning with the text ' +
        `that at least one post the member may see carries. ${TIMEOUT}`,
      auth: 'member',
      query: searchSuggestionsQuerySchema,
      responses: { 200: searchSuggestionsSchema },
      errors: [503],
      async handler({ query }, req, res) {
        res.json(await readSuggestions(readDb, memberIdOf(req), query.q));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/search',
      summary: 'One tab of search results: people, posts, communities or tags',
      description:
        'Paged by the opaque `cursor` of the previous page (`nextCursor`, null at the end): ' +
        'posts newest first, communities and tags by name, people by rank. ' +
        `A cursor of another tab answers 400. ${TIMEOUT}`,
      auth: 'member',
      query: searchQuerySchema,
      responses: { 200: searchPageSchema },
      errors: [503],
      async handler({ query }, req, res) {
        res.json(await readSearchPage(readDb, memberIdOf(req), query));
      },
    }),
  ];
}
