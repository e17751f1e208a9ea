import {
  analyticsMessages,
  analyticsQuerySchema,
  analyticsReportSchema,
  pageViewRequestSchema,
  utcDate,
} from '../../../shared/analytics';
import { contextOf } from '../../core/context';
import { forbidden } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { sessionOf } from '../../http/signed-in';
import { adsPricingOf } from '../ads/ads-read';
import { readAnalyticsReport } from './analytics-read';
import { recordPageView } from './page-views';

/**
 * `/analytics`: a member's own figures, and the site's for owners. The site's include the ad
 * revenue, which only owners see elsewhere (`/ads/metrics`), so moderators are refused too.
 * `/analytics/page-views`: the home page tells of a member's visit.
 */
export function analyticsRoutes({ db, config, commands }: ModuleDeps): AnyRouteSpec[] {
  const pricing = adsPricingOf(config);
  return [
    defineRoute({
      method: 'get',
      path: '/analytics',
      summary: 'Views, active members, engagement and revenue over a range, with the period before',
      description:
        'Days are UTC; 7d and 30d per day, 90d per week, 12m per calendar month. `scope=me` (any ' +
        "member) counts views and engagement of the member's own posts and profile and their " +
        "followers; `scope=site` (owners) everyone's, the active members and the ad revenue.",
      tag: 'analytics',
      auth: 'member',
      query: analyticsQuerySchema,
      responses: { 200: analyticsReportSchema },
      errors: [403],
      async handler({ query }, req, res) {
        const session = sessionOf(req);
        if (query.scope === 'site' && session.user.role !== 'owner') {
          throw forbidden('owners-only', analyticsMessages.siteOwnersOnly);
        }
        res.json(
          await readAnalyticsReport(db, pricing, {
            ...query,
            memberId: session.userId,
            today: utcDate(new Date()),
          }),
        );
      },
    }),
    defineRoute({
      method: 'post',
      path: '/analytics/page-views',
      summary: "Counts the session's visit to a page, once per session",
      description:
        'The home feed at `/` (000 §2) sends it as it opens. A session counts once per page, ' +
        'however often it returns; every answer is 204.',
      tag: 'analytics',
      auth: 'member',
      body: pageViewRequestSchema,
      responses: { 204: null },
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        await commands.run(
          recordPageView,
          { sessionId: session.id, path: body.path },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}
