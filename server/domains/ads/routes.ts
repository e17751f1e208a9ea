import { z } from 'zod';
import {
  adDefinitionSchema,
  adEventsAcceptedSchema,
  adEventsBatchSchema,
  adIdSchema,
  adPlacementSchema,
  adsConfigSchema,
  adsMessages,
  adsMetricsReportSchema,
  patchAdDefinitionSchema,
  patchAdPlacementSchema,
} from '../../../shared/ads';
import { contextOf } from '../../core/context';
import { invalid } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { adMetricsCounter } from './ad-metrics-worker';
import {
  adNetworkOf,
  adsPricingOf,
  readAdsConfig,
  readMetricsReport,
  unknownAdIds,
} from './ads-read';
import { editAdDefinition, editAdPlacement } from './commands';

const idParams = z.object({ id: adIdSchema });

/** A batch naming ads or placements that do not exist is refused whole, naming them. */
function refuseUnknown({ ads, placements }: { ads: string[]; placements: string[] }): void {
  const problems = [
    ...(ads.length > 0 ? [`${adsMessages.unknownAds}: ${ads.join(', ')}`] : []),
    ...(placements.length > 0
      ? [`${adsMessages.unknownPlacements}: ${placements.join(', ')}`]
      : []),
  ];
  if (problems.length > 0) {
    const message = problems.join('. ');
    throw invalid('validation', message, { events: message });
  }
}

export function adsRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config } = deps;
  const network = adNetworkOf(config);
  const pricing = adsPricingOf(config);
  const counter = adMetricsCounter(deps);
  // Per member across sessions and processes: what an honest page shows in a minute (every
  // slot rotating every few seconds) with room to spare, so a script cannot inflate the counts.
  const eventsLimit = createRateLimit(db, {
    name: 'ad-events',
    points: config.ADS_EVENTS_PER_MINUTE,
    windowSeconds: 60,
    code: 'rate-limited',
    message: adsMessages.tooManyEvents,
  });
  return [
    defineRoute({
      method: 'get',
      path: '/ads',
      summary: 'The ads (by priority, highest first), their placements and the ad network',
      description:
        'Paused ads (`active: false`) are listed too, for the owner to resume; clients show ' +
        'only active ones. `network` is null unless the server configures `ADSENSE_CLIENT_ID`.',
      auth: 'member',
      responses: { 200: adsConfigSchema },
      async handler(_input, _req, res) {
        res.json(await readAdsConfig(db, network));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/ads/events',
      summary: 'Counts a batch of ad impressions and clicks',
      description:
        'Unknown ads or placements refuse the whole batch (400, naming them). Counts are kept ' +
        'in memory and written every few seconds as one event per ad, so the metrics show them ' +
        'shortly after the 202.',
      auth: 'member',
      body: adEventsBatchSchema,
      responses: { 202: adEventsAcceptedSchema },
      errors: [429],
      async handler({ body }, req, res) {
        const adIds = [...new Set(body.events.map((event) => event.adId))];
        const placementIds = [...new Set(body.events.map((event) => event.placementId))];
        refuseUnknown(await unknownAdIds(db, adIds, placementIds));
        await eventsLimit.take(memberIdOf(req), body.events.length);
        counter.record(body.events);
        res.status(202).json({ accepted: body.events.length });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/test/ads/flush',
      summary: 'Writes the impressions and clicks this process holds in memory now',
      description:
        'Tests only: a test reading the metrics starts from what earlier pages sent, not from ' +
        'counts that land in the middle of it at the next timed write.',
      auth: 'public',
      testOnly: true,
      responses: { 204: null },
      async handler(_input, _req, res) {
        await counter.flush();
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/ads/metrics',
      summary: "Every ad's impressions, clicks, ctr, revenue and last impression",
      auth: 'owner',
      responses: { 200: adsMetricsReportSchema },
      async handler(_input, _req, res) {
        res.json(await readMetricsReport(db, pricing));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/ads/definitions/:id',
      summary: 'Edits an ad; only the fields sent change',
      auth: 'owner',
      params: idParams,
      body: patchAdDefinitionSchema,
      responses: { 200: adDefinitionSchema },
      errors: [404, 409],
      async handler({ params, body }, req, res) {
        res.json(
          await commands.run(editAdDefinition, { adId: params.id, patch: body }, contextOf(req)),
        );
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/ads/placements/:id',
      summary: 'Edits an ad placement: rotation, how many ads, the ad network',
      auth: 'owner',
      params: idParams,
      body: patchAdPlacementSchema,
      responses: { 200: adPlacementSchema },
      errors: [404, 409],
      async handler({ params, body }, req, res) {
        res.json(
          await commands.run(
            editAdPlacement,
            { placementId: params.id, patch: body, network: network !== null },
            contextOf(req),
          ),
        );
      },
    }),
  ];
}
