/** Limits and constants of files, uploads and the CDN (001 §9, 002 §9). */
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_FILE_BYTES = 104_857_600;
export const DEFAULT_ALLOWED_TYPES = [
  'image/*',
  'video/*',
  'audio/*',
  'application/pdf',
  'text/*',
] as const;
/** The featured image of a post (001 §5). */
export const FEATURED_IMAGE_MAX_BYTES = 5_242_880;
export const DOWNLOAD_EXPIRY_SECONDS = 3600;
/** A signed URL lives at most a week, as S3's do. */
export const MAX_URL_EXPIRY_SECONDS = 7 * 24 * 3600;
export const CDN_CACHE_TTL_SECONDS = 86_400;
export const IMAGE_QUALITY = 85;
export const THUMBNAIL = { width: 300, height: 300, format: 'webp', quality: 80 } as const;
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The widget's previews (001 §9): longest side, JPEG quality, and the video frame's size. */
export const PREVIEW = { maxSide: 200, jpegQuality: 0.8, videoWidth: 200, videoHeight: 150 };
/** The recent tab shows what was uploaded within this many days. */
export const RECENT_DAYS = 7;
export const FILES_PAGE = { default: 30, max: 100 } as const;
export const MAX_TAGS = 20;
export const TAG_MAX = 40;
export const DESCRIPTION_MAX = 2000;
export const FILE_NAME_MAX = 255;
/** How many files one bulk operation or one zip download names at most. */
export const BULK_MAX = 100;
/** The largest side a transform may ask for. */
export const TRANSFORM_MAX_SIDE = 4096;
/** How many tags a card shows before '+N' (001 §2). */
export const TAGS_SHOWN = 3;
