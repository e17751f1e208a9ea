import type { DomainModule } from '../../core/module';
import { cdnRouter } from './cdn-delivery';
import { createFilesPusher } from './files-pusher';
import { filesProjection } from './files-projection';
import { mediaServices } from './media-services';
import { mediaRoutes } from './routes';
import { sweepStaging } from './staging-sweep';

/**
 * Files: uploads streamed to disk or S3-compatible storage, their metadata as a read model, the
 * images and videos libraries, and `/cdn/<key>` with image variants made once and cached.
 */
export const mediaModule: DomainModule = {
  name: 'media',
  projections: () => [filesProjection],
  routes: mediaRoutes,
  mounts: (deps) => {
    const media = mediaServices(deps);
    return [
      {
        path: '/cdn',
        router: cdnRouter({
          db: deps.db,
          storage: media.storage,
          signer: media.signer,
          variants: media.variants,
          access: media.access,
        }),
      },
    ];
  },
  pushers: (deps) => [createFilesPusher(mediaServices(deps).urls)],
  caches: (deps) => [mediaServices(deps).access],
  async start(deps) {
    const media = mediaServices(deps);
    await media.storage.prepare();
    await media.signer.load(deps.db);
    const swept = await sweepStaging(media.storage.stagingDir);
    if (swept > 0) deps.logger.info({ swept }, 'removed uploads cut off by a restart');
  },
};
