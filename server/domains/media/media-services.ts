import { cpus } from 'node:os';
import type { ModuleDeps } from '../../core/module';
import { createStorage } from '../../storage/create-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { CdnAccessCache } from './cdn-access-cache';
import { CdnService } from './cdn-service';
import { FileUrls } from './file-urls';
import { Uploader } from './file-uploader';
import { VariantQueue } from './image-transforms';
import { UrlSigner } from './url-signing';

/** What the media module's routes, pusher and start share within one server process. */
export interface MediaServices {
  storage: ObjectStorage;
  signer: UrlSigner;
  urls: FileUrls;
  uploader: Uploader;
  variants: VariantQueue;
  cdn: CdnService;
  access: CdnAccessCache;
}

const byDeps = new WeakMap<ModuleDeps, MediaServices>();

/** One set per composed application: routes, pushers and `start` receive the same deps. */
export function mediaServices(deps: ModuleDeps): MediaServices {
  const known = byDeps.get(deps);
  if (known) return known;
  const storage = createStorage(deps.config);
  const signer = new UrlSigner();
  const urls = new FileUrls(deps.config.cdnBaseUrl, signer);
  const access = new CdnAccessCache({
    entries: deps.config.RELAYED_CACHE_ENTRIES,
    objectBytes: deps.config.MEDIA_HOT_CACHE_BYTES,
  });
  const services: MediaServices = {
    storage,
    signer,
    urls,
    uploader: new Uploader({ config: deps.config, db: deps.db, commands: deps.commands, storage }),
    // Leave a core for everything else the server does.
    variants: new VariantQueue(Math.max(1, cpus().length - 1)),
    cdn: new CdnService({
      config: deps.config,
      storage,
      urls,
      logger: deps.logger,
      objects: access.objects,
    }),
    access,
  };
  byDeps.set(deps, services);
  return services;
}
