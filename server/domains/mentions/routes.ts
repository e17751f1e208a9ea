import { z } from 'zod';
import { text } from '../../../shared/api/text';
import {
  mentionSuggestionsQuerySchema,
  mentionSuggestionsSchema,
  mentionedPostsQuerySchema,
} from '../../../shared/mentions';
import { feedPageSchema } from '../../../shared/posts';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { idOrNone } from '../posts/streams';
import { readMentionSuggestions, readMentionedPosts } from './mentions-read';

const idParams = z.object({ id: text({ max: 100 }) });

export function mentionRoutes({ db }: ModuleDeps): AnyRouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/mentions/suggestions',
      summary: 'Members to mention, for the editor after `@`',
      description:
        'Members the caller may find whose username or name starts with `q`: friends first, ' +
        'then members they follow, then others. With `q` empty, friends and followed only.',
      auth: 'member',
      query: mentionSuggestionsQuerySchema,
      responses: { 200: mentionSuggestionsSchema },
      async handler({ query }, req, res) {
        res.json(await readMentionSuggestions(db, memberIdOf(req), query.q));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/users/:id/mentions',
      summary: 'Published posts that mention the member and that the caller may see',
      description: 'Newest first, keyset pages on (publishedAt, id): the profile’s Mentions tab.',
      auth: 'member',
      params: idParams,
      query: mentionedPostsQuerySchema,
      responses: { 200: feedPageSchema },
      async handler({ params, query }, req, res) {
        res.json(await readMentionedPosts(db, idOrNone(params.id), memberIdOf(req), query));
      },
    }),
  ];
}
