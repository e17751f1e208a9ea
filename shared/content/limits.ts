/** Limits of the content API (002 §7 "Content", §9). */

/** Content pages hold 20 records and start at 1 (002 §9); a caller may ask for up to 100. */
export const CONTENT_PAGE = { default: 20, max: 100 } as const;
/** The last page number accepted: deeper offsets are a scan, not a list anyone reads. */
export const CONTENT_PAGE_NUMBER_MAX = 10_000;
/** The longest full-text query. */
export const CONTENT_SEARCH_MAX = 200;
/**
 * Matches one search ranks and counts at most: the newest this many the reader may see (the
 * oldest with `sort=oldest`). `total` counts them, so it is exact below this and this above it
 * (docs/performance.md, "Search").
 */
export const CONTENT_SEARCH_WINDOW = 500;
/** Tags one `GET /content/tags` asks for at once. */
export const CONTENT_TAGS_QUERY_MAX = 20;
/** Records one batch changes or trashes: all of them in one transaction. */
export const CONTENT_BATCH_MAX = 100;
/** Records one import creates, in one transaction (the request body is at most 1 MB anyway). */
export const CONTENT_IMPORT_MAX = 500;
/** Free metadata of one record: keys, a key's length, and the whole serialized as JSON. */
export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 100;
export const METADATA_MAX_BYTES = 16 * 1024;
/** Members named for one action of one record (`allow`). */
export const CONTENT_GRANTS_MAX = 100;
/** The tags `GET /content/stats` lists, most used first. */
export const CONTENT_TOP_TAGS = 10;
/** Rows the export reads per round trip while it streams. */
export const CONTENT_EXPORT_BATCH = 200;
