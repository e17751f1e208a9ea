import type { Logger } from 'pino';
import { RESPONSIVE_WIDTHS, type CdnHealth } from '../../../shared/media';
import type { Config } from '../../config';
import type { ObjectStorage } from '../../storage/object-storage';
import { fileIdOfKey, isFileKey, variantsPrefix } from './file-keys';
import { FileUrls, THUMBNAIL_QUERY } from './file-urls';
import type { HotObjects } from './hot-objects';

/** A check slower than this makes the CDN degraded rather than healthy. */
const SLOW_CHECK_MS = 1000;
const CHECK_TIMEOUT_MS = 5000;
/** Health is asked for by every open demo page; storage is probed at most this often. */
const HEALTH_CACHE_MS = 10_000;
/** Cloudflare takes at most this many URLs in one purge call. */
const CLOUDFLARE_URLS_PER_CALL = 30;

type Check = CdnHealth['checks'][number];

async function timed(name: string, work: () => Promise<string | undefined>): Promise<Check> {
  const started = performance.now();
  try {
    const detail = await work();
    return {
      name,
      ok: true,
      ms: Math.round(performance.now() - started),
      ...(detail ? { detail } : {}),
    };
  } catch (error) {
    return {
      name,
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The key a purge entry names: a key, or a file URL whose last segment is one. */
export function keyOfPurgeEntry(entry: string): string | null {
  const path = entry.split(/[?#]/)[0]!;
  const last = path.split('/').pop() ?? '';
  return isFileKey(last) ? last : null;
}

/**
 * The CDN's health from real checks (002 §7: a HEAD to the CDN base URL), and purges: the
 * variants cached in storage, and the provider's copies when a Cloudflare zone is configured.
 */
export class CdnService {
  private last: { at: number; health: CdnHealth } | null = null;

  constructor(
    private readonly deps: {
      config: Config;
      storage: ObjectStorage;
      urls: FileUrls;
      logger: Logger;
      /** This process's copies of small objects: a purge drops the variants there too. */
      objects?: HotObjects;
      fetch?: typeof fetch;
    },
  ) {}

  private get fetch(): typeof fetch {
    return this.deps.fetch ?? fetch;
  }

  /** Whether public URLs go through a CDN of their own rather than this server's `/cdn/`. */
  get external(): boolean {
    return this.deps.config.CDN_BASE_URL !== undefined;
  }

  async health(): Promise<CdnHealth> {
    if (this.last && Date.now() - this.last.at < HEALTH_CACHE_MS) return this.last.health;
    const { config, storage } = this.deps;
    const checks = [
      await timed('storage', async () => {
        await storage.check();
        return storage.driver === 'disk' ? 'local disk' : `bucket ${config.S3_BUCKET}`;
      }),
      await timed('cdn', async () => {
        if (!this.external) return 'served by this server at /cdn/';
        const answer = await this.fetch(config.cdnBaseUrl, {
          method: 'HEAD',
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        if (answer.status >= 500)
          throw new Error(`HEAD ${config.cdnBaseUrl} answered ${answer.status}`);
        return `HEAD answered ${answer.status}`;
      }),
    ];
    const storageOk = checks[0]!.ok;
    const allOk = checks.every((check) => check.ok);
    const slow = checks.some((check) => check.ms > SLOW_CHECK_MS);
    const health: CdnHealth = {
      status: !storageOk ? 'down' : !allOk || slow ? 'degraded' : 'healthy',
      checkedAt: new Date().toISOString(),
      baseUrl: config.cdnBaseUrl,
      storage: storage.driver,
      checks,
    };
    this.last = { at: Date.now(), health };
    return health;
  }

  /** Removes every cached variant of the keys; answers how many there were. */
  async dropVariants(keys: readonly string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      removed += await this.deps.storage.deletePrefix(variantsPrefix(key));
      this.deps.objects?.dropVariants(fileIdOfKey(key), variantsPrefix(key));
    }
    return removed;
  }

  /**
   * Asks Cloudflare to drop its copies of the files' URLs: each file's own URL and the variants
   * the web app asks for (thumbnail, responsive widths). Cloudflare purges exact URLs, so a
   * variant with other parameters ages out on its own (one day).
   */
  async purgeProvider(
    files: readonly { key: string; isImage: boolean }[],
  ): Promise<{ name: string; ok: boolean; detail?: string } | null> {
    const { config, logger } = this.deps;
    if (!config.CLOUDFLARE_ZONE_ID || !config.CLOUDFLARE_API_TOKEN) return null;
    const urls = files.flatMap(({ key, isImage }) => {
      const url = this.deps.urls.publicUrl(key);
      if (!isImage) return [url];
      return [
        url,
        FileUrls.withParams(url, THUMBNAIL_QUERY),
        ...RESPONSIVE_WIDTHS.map((w) => FileUrls.withParams(url, `w=${w}`)),
      ];
    });
    try {
      for (let i = 0; i < urls.length; i += CLOUDFLARE_URLS_PER_CALL) {
        const answer = await this.fetch(
          `${config.CLOUDFLARE_API_URL}/zones/${config.CLOUDFLARE_ZONE_ID}/purge_cache`,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${config.CLOUDFLARE_API_TOKEN}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ files: urls.slice(i, i + CLOUDFLARE_URLS_PER_CALL) }),
            signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
          },
        );
        if (!answer.ok) {
          logger.warn({ status: answer.status }, 'Cloudflare purge refused');
          return { name: 'cloudflare', ok: false, detail: `Cloudflare answered ${answer.status}` };
        }
      }
      return { name: 'cloudflare', ok: true, detail: `${urls.length} URLs purged` };
    } catch (error) {
      logger.warn({ err: error }, 'Cloudflare purge failed');
      return {
        name: 'cloudflare',
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  }
}
