import { likesReceivedSchema } from '../../../shared/posts';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readLikesReceived } from './likes-received';

/** The member's Total Likes, as its pushes (`posts:likes-received`) carry it. */
export function likesReceivedRoutes({ db }: ModuleDeps): AnyRouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/me/likes-received',
      summary: "The likes the member's posts hold in all (Total Likes), with its version",
      auth: 'member',
      responses: { 200: likesReceivedSchema },
      async handler(_input, req, res) {
        const userId = memberIdOf(req);
        res.json((await readLikesReceived(db, [userId])).get(userId));
      },
    }),
  ];
}
