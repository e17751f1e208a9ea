import type { DomainModule } from '../../core/module';
import { linkPreviewsProjection } from './link-previews-projection';
import { messagePreviewsPusher } from './message-previews-pusher';
import { LinkPreviewWorker } from './preview-worker';
import { linkPreviewRoutes } from './routes';

/**
 * Link preview cards on posts, comments and messages: fetched safely by a worker after the
 * command that wrote the link committed, recorded as events, projected onto the rows every read
 * and push already carries.
 */
export const linkPreviewsModule: DomainModule = {
  name: 'link-previews',
  projections: () => [linkPreviewsProjection],
  routes: linkPreviewRoutes,
  pushers: () => [messagePreviewsPusher],
  workers: (deps) => [new LinkPreviewWorker(deps)],
};
