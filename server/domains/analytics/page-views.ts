import type { PageViewPath } from '../../../shared/analytics';
import { appendTo, defineCommand } from '../../core/command';
import { streamVersion } from '../../core/reads';

/**
 * A session's visits to one page: the stream holds its first and only `PageViewed`, so a session
 * counts once however often it returns, and two tabs of it racing meet at version 0.
 */
export const pageViewStreamId = (sessionId: string, path: PageViewPath) =>
  `page-view-${sessionId}-${path}`;

/** Counts the session's visit to a page, unless it was counted already. */
export const recordPageView = defineCommand({
  name: 'analytics.pageView',
  load: ({ sessionId, path }: { sessionId: string; path: PageViewPath }) => ({
    version: streamVersion(pageViewStreamId(sessionId, path)),
  }),
  decide({ version }, { sessionId, path }) {
    if (version > 0) return {};
    return {
      appends: [
        appendTo(pageViewStreamId(sessionId, path), 0, [{ type: 'PageViewed', data: { path } }]),
      ],
    };
  },
});
