import {
  linkPreviewLookupSchema,
  linkPreviewMessages,
  linkPreviewParamsSchema,
  linkPreviewQuerySchema,
  normaliseUrl,
} from '../../../shared/link-previews';
import { contextOf } from '../../core/context';
import { invalidField } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { createRateLimit } from '../../core/rate-limits';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { removeLinkPreview } from './commands';
import { PreviewService } from './preview-service';

export function linkPreviewRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config, logger } = deps;
  const previews = new PreviewService(deps, logger);
  // Each lookup may make the server fetch a page: counted per member across every process.
  const lookups = createRateLimit(db, {
    name: 'link-preview-lookups',
    points: config.LINK_PREVIEWS_PER_MINUTE,
    windowSeconds: 60,
    code: 'rate-limited',
    message: linkPreviewMessages.tooMany,
  });
  return [
    defineRoute({
      method: 'get',
      path: '/link-previews',
      summary: 'The preview card of a URL, for the editor while a link is typed',
      description:
        'Answers the cached card, or fetches the page (safely: public addresses only, 5 ' +
        'redirects, 3 s, 1 MB, HTML only) and caches it for a day. `preview` is null when the ' +
        'page cannot be fetched or names no title. Rate-limited per member.',
      auth: 'member',
      query: linkPreviewQuerySchema,
      responses: { 200: linkPreviewLookupSchema },
      errors: [429],
      async handler({ query }, req, res) {
        const url = normaliseUrl(query.url);
        if (!url) throw invalidField('url', 'bad-url', linkPreviewMessages.badUrl);
        const userId = memberIdOf(req);
        await lookups.take(userId);
        const card = await previews.cardFor(url, userId, contextOf(req));
        res.json({ preview: card });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/link-previews/:kind/:id',
      summary: "Removes the link preview card from the member's own post, comment or message",
      description:
        'The card stays off for that link; an edit that links elsewhere gets the new link’s ' +
        'card. 404 unless the member wrote it; 409 when it shows no card.',
      auth: 'member',
      params: linkPreviewParamsSchema,
      responses: { 204: null },
      errors: [404, 409],
      async handler({ params }, req, res) {
        await commands.run(
          removeLinkPreview,
          { actorId: memberIdOf(req), kind: params.kind, targetId: params.id.toLowerCase() },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}
