import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageViewPath } from '../../../shared/analytics/page-views';
import { api } from '../../state/api';
import { useSession } from '../auth';

/** Without zod: the home page loads it, and the first page's budget has no room for schemas. */
const pageViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordPageView: build.mutation<void, { path: PageViewPath }>({
      query: (body) => ({ url: 'analytics/page-views', method: 'POST', body }),
    }),
  }),
});

/**
 * The sessions whose visit to / this tab has already reported. The server counts a session once
 * whatever the tab sends; this only spares the request on every return to /.
 */
const reported = new Set<string>();

/** 000 §2: the home feed at / records a page view, once per session (the analytics' count). */
export function useRootPageView(): void {
  const { pathname } = useLocation();
  const { user } = useSession();
  const [record] = pageViewsApi.useRecordPageViewMutation();
  const session = user ? `${user.id}:${user.sessionStart}` : null;
  useEffect(() => {
    if (pathname !== '/' || !session || reported.has(session)) return;
    reported.add(session);
    // A lost count is not worth a word to the member; the next session counts again.
    void record({ path: '/' });
  }, [pathname, session, record]);
}
