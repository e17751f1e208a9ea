import { z } from 'zod';
import {
  followedTagsSchema,
  hashtagParamSchema,
  hashtagParamsSchema,
  tagFollowStateSchema,
  tagPageSchema,
  tagPostsQuerySchema,
  trendingTagsQuerySchema,
  trendingTagsSchema,
} from '../../../shared/hashtags';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { toggleRoutes } from '../../http/toggle-routes';
import { setTagFollow } from './commands';
import { readFollowedTags, readTagPage, readTrendingTags } from './tag-page-read';

/**
 * Tags are named in paths normalised or not (`#Agora`, `agora`, `ＡＧＯＲＡ`): the schema folds
 * each to its one spelling, and answers 400 for what is no tag or too long a one.
 */
export function hashtagRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { readDb, commands } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/tags/:tag/posts',
      summary: 'The posts with a hashtag that the member may see, newest first',
      description:
        'Keyset pages in the order posts were published (commit order), as the home feed; ' +
        'with whether the member follows the tag.',
      auth: 'member',
      params: hashtagParamsSchema,
      query: tagPostsQuerySchema,
      responses: { 200: tagPageSchema },
      async handler({ params, query }, req, res) {
        res.json(await readTagPage(readDb, memberIdOf(req), params.tag, query));
      },
    }),
    ...toggleRoutes({
      path: '/tags/:id/follow',
      summaries: { on: 'Follows a hashtag', off: 'Unfollows a hashtag' },
      description:
        'Idempotent; answers the absolute state with its version. Public posts with the tag ' +
        'published from then on join the home feed; earlier ones do not.',
      params: z.object({ id: hashtagParamSchema }),
      response: tagFollowStateSchema,
      errors: [429],
      set: (tag, follow, req) =>
        commands.run(setTagFollow, { userId: memberIdOf(req), tag, follow }, contextOf(req)),
    }),
    defineRoute({
      method: 'get',
      path: '/followed-tags',
      summary: 'The hashtags the member follows, newest follow first',
      auth: 'member',
      responses: { 200: followedTagsSchema },
      async handler(_input, req, res) {
        res.json(await readFollowedTags(readDb, memberIdOf(req)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/trending/tags',
      summary: 'Hashtags of the last 24 hours by distinct authors, with time decay',
      description:
        'score = Σ over distinct authors 0.5^(hours since their newest post with the tag / 6), ' +
        'counting public posts only, so the ranking is the same for every member.',
      auth: 'member',
      query: trendingTagsQuerySchema,
      responses: { 200: trendingTagsSchema },
      async handler({ query }, _req, res) {
        res.json(await readTrendingTags(readDb, query));
      },
    }),
  ];
}
