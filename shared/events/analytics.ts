import { z } from 'zod';
import { PAGE_VIEW_PATHS } from '../analytics/page-views';

export const analyticsEvents = {
  /** A session's first visit to a counted page; its stream is the session's, per page. */
  PageViewed: z.strictObject({ path: z.enum(PAGE_VIEW_PATHS) }),
};
