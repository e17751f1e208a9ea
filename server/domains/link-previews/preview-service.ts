import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { CommandContext } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import type { PreviewCard } from '../../db/tables/link-previews';
import { storeSizedImage } from '../media/sized-images';
import { readPageCard } from './page-card';
import { FetchRefused, IMAGE_FETCH, PAGE_FETCH, safeFetch } from './safe-fetch';

/** A page's card is fetched again once it is older than this. */
export const PREVIEW_REFRESH_MS = 24 * 3600 * 1000;
/** The Open Graph image shape (1.91:1), small enough for a card. */
const IMAGE_SIZE = { width: 600, height: 314 };
const IMAGE_FOLDER = 'Link previews';

/**
 * Cards by normalised URL: from `link_preview_cache` while under a day old, else fetched safely,
 * parsed, the image re-encoded by sharp and stored as a public file of the member whose link
 * asked for it (so it is served from `/cdn/`, never hot-linked), then cached. A page that gives
 * nothing, or cannot be fetched, is cached as no card for the same day: members pasting a dead
 * link do not make the server fetch it again and again.
 */
export class PreviewService {
  constructor(
    private readonly deps: ModuleDeps,
    private readonly logger: Logger,
  ) {}

  async cardFor(url: string, ownerId: string, ctx: CommandContext): Promise<PreviewCard | null> {
    const { db } = this.deps;
    const cached = await db
      .selectFrom('link_preview_cache')
      .select(['card', 'fetched_at'])
      .where('url', '=', url)
      .executeTakeFirst();
    if (cached && Date.now() - cached.fetched_at.getTime() < PREVIEW_REFRESH_MS) {
      return cached.card;
    }
    const card = await this.fetchCard(url, ownerId, ctx);
    await db
      .insertInto('link_preview_cache')
      .values({ url, card: card && JSON.stringify(card), fetched_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('url').doUpdateSet({
          card: (eb) => eb.ref('excluded.card'),
          fetched_at: (eb) => eb.ref('excluded.fetched_at'),
        }),
      )
      .execute();
    return card;
  }

  private async fetchCard(
    url: string,
    ownerId: string,
    ctx: CommandContext,
  ): Promise<PreviewCard | null> {
    const { config } = this.deps;
    const testOrigin = config.LINK_PREVIEW_TEST_ORIGIN;
    try {
      const page = await safeFetch(url, { ...PAGE_FETCH, testOrigin });
      const found = await readPageCard(page.body.toString('utf8'), page.url);
      if (!found) return null;
      let image: string | null = null;
      if (found.imageUrl) {
        try {
          const fetched = await safeFetch(found.imageUrl, { ...IMAGE_FETCH, testOrigin });
          const stored = await storeSizedImage(this.deps, {
            source: fetched.body,
            size: IMAGE_SIZE,
            name: 'link-preview.webp',
            ownerId,
            folder: IMAGE_FOLDER,
            ctx,
          });
          image = stored.url;
        } catch (error) {
          // A card without its picture is still worth showing.
          this.logger.info({ err: error, url: found.imageUrl }, 'link preview image dropped');
        }
      }
      return {
        url,
        title: found.title,
        description: found.description,
        siteName: found.siteName,
        image,
      };
    } catch (error) {
      if (!(error instanceof FetchRefused)) throw error;
      this.logger.info({ url, reason: error.reason }, 'link preview not fetched');
      return null;
    }
  }
}
