import { z } from 'zod';
import { text } from '../../../shared/api/text';
import { postsMessages } from '../../../shared/posts';
import { repostStateSchema } from '../../../shared/reposts';
import { contextOf } from '../../core/context';
import { notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import type { AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { toggleRoutes } from '../../http/toggle-routes';
import { setRepost } from './commands';

/** Any id is accepted: one that is not a UUID names nothing and answers 404. */
const idParams = z.object({ id: text({ max: 100 }) });

export function repostRoutes({ commands, config }: ModuleDeps): AnyRouteSpec[] {
  return toggleRoutes({
    path: '/posts/:id/repost',
    summaries: { on: 'Reposts a post', off: 'Takes back a repost' },
    description:
      "Into the member's followers' and friends' home feeds, for a published post they may see " +
      'and share. Idempotent; answers the absolute count with its version.',
    params: idParams,
    response: repostStateSchema,
    errors: [400, 403, 404],
    async set(postId, repost, req) {
      const state = await commands.run(
        setRepost,
        { userId: memberIdOf(req), postId, repost, publicUrl: config.publicUrl },
        contextOf(req),
      );
      if (!state) throw notFound(postsMessages.postNotFound);
      return state;
    },
  });
}
