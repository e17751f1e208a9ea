import type { ColumnType, Generated } from 'kysely';
import type { LinkPreviewTarget } from '../../../shared/link-previews';

/** A card as a page gave it, before it belongs to anything. */
export interface PreviewCard {
  url: string;
  title: string;
  description: string;
  siteName: string;
  /** The `/cdn/` URL of the stored, re-encoded image. */
  image: string | null;
}

/** The `link_preview` column of posts, comments and messages. */
export type StoredLinkPreview =
  | (PreviewCard & { version: number; removed?: undefined })
  | { url: string; removed: true; version: number };

export type LinkPreviewColumn = ColumnType<
  StoredLinkPreview | null,
  string | null | undefined,
  string | null
>;

export interface LinkPreviewCacheTable {
  url: string;
  card: ColumnType<PreviewCard | null, string | null, string | null>;
  fetched_at: Date;
}

export interface LinkPreviewJobsTable {
  target_kind: LinkPreviewTarget;
  target_id: string;
  author_id: string;
  url: string;
  queued_at: Generated<Date>;
}
