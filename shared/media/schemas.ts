import { z } from 'zod';
import { text } from '../api/text';
import {
  BULK_MAX,
  DESCRIPTION_MAX,
  FILE_NAME_MAX,
  FILES_PAGE,
  MAX_TAGS,
  MAX_URL_EXPIRY_SECONDS,
  TAG_MAX,
  TRANSFORM_MAX_SIDE,
} from './limits';

/** What a file is, from its sniffed type (002 §3 pending file types). */
export const fileKindSchema = z.enum(['image', 'video', 'audio', 'document', 'other']);
export type FileKind = z.infer<typeof fileKindSchema>;

export function kindOfMime(mime: string): FileKind {
  if (mime === 'image/svg+xml') return 'other';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime.startsWith('text/')) return 'document';
  return 'other';
}

/**
 * A stored file's key: its id and extension, nothing else, so a key is a single URL segment and
 * names no member or folder.
 */
export const FILE_KEY_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-poster)?(\.[a-z0-9]{1,10})?$/;
export const fileKeySchema = z.string().regex(FILE_KEY_PATTERN, 'Not a file key');

/** The folder a file is uploaded to (`/upload/{userId}/{type}`): images, videos, avatars... */
export const folderSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'A folder is 1 to 32 lower-case letters, digits, - or _');

const tagSchema = text({
  trim: true,
  required: 'A tag cannot be blank',
  max: TAG_MAX,
  maxMessage: `A tag is at most ${TAG_MAX} characters`,
}).regex(/^[^\p{C}]+$/u, 'A tag cannot contain control characters');

export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);

/** A stored file as every screen and push sees it (002 §3 uploaded file, 001 §3 image, video). */
export const mediaFileSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  name: z.string(),
  folder: z.string(),
  kind: fileKindSchema,
  mimeType: z.string(),
  format: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  dimensions: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  duration: z.number().nullable(),
  views: z.number().int(),
  isPublic: z.boolean(),
  isStarred: z.boolean(),
  isArchived: z.boolean(),
  category: z.enum(['personal', 'shared', 'archived']),
  tags: z.array(z.string()),
  description: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.object({ id: z.uuid(), name: z.string() }),
  /** Rises with every change: a client keeps the highest it has seen. */
  version: z.number().int(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

export const uploadResultSchema = z.object({
  url: z.string(),
  key: z.string(),
  file: mediaFileSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export const uploadManyResultSchema = z.object({ files: z.array(uploadResultSchema) });
export const editorUploadResultSchema = z.object({ location: z.string(), key: z.string() });

export const presignRequestSchema = z.strictObject({
  userId: z.uuid(),
  type: folderSchema,
  filename: text({ trim: true, required: 'Give the file a name', max: FILE_NAME_MAX }).regex(
    /^[^\p{C}\\/]+$/u,
    'A file name cannot contain control characters or slashes',
  ),
  /** When given, the upload must be exactly this long, and is refused at once past a limit. */
  size: z.number().int().min(1).optional(),
});
export const presignResultSchema = z.object({
  uploadUrl: z.string(),
  key: z.string(),
  contentType: z.string(),
  /** Posted to `/upload/presigned/complete` once the bytes are up (object storage only). */
  completeToken: z.string(),
  method: z.literal('PUT'),
  expiresAt: z.string(),
});
export const completeUploadSchema = z.strictObject({
  token: text({ required: 'Give the upload token', max: 4096 }),
});

export const expiresInSchema = z.object({
  expiresIn: z.coerce.number().int().min(1).max(MAX_URL_EXPIRY_SECONDS).optional(),
});
export const downloadUrlSchema = z.object({ downloadUrl: z.string(), expiresAt: z.string() });
export const fileInfoSchema = z.object({ metadata: mediaFileSchema });

export const filesTabSchema = z.enum(['all', 'starred', 'recent', 'archived']);
export type FilesTab = z.infer<typeof filesTabSchema>;

export const filesQuerySchema = z.object({
  type: fileKindSchema.optional(),
  tab: filesTabSchema.default('all'),
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE.max).default(FILES_PAGE.default),
});
export const filesPageSchema = z.object({
  files: z.array(mediaFileSchema),
  nextCursor: z.string().nullable(),
});
export type FilesPage = z.infer<typeof filesPageSchema>;

export const fileUpdateSchema = z
  .strictObject({
    isStarred: z.boolean().optional(),
    isArchived: z.boolean().optional(),
    isPublic: z.boolean().optional(),
    tags: tagsSchema.optional(),
    description: text({ max: DESCRIPTION_MAX }).optional(),
  })
  .refine((u) => Object.keys(u).length > 0, { message: 'Nothing to change' });
export type FileUpdate = z.infer<typeof fileUpdateSchema>;

export const bulkActionSchema = z.enum([
  'star',
  'unstar',
  'archive',
  'unarchive',
  'make-public',
  'make-private',
  'delete',
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;
export const bulkRequestSchema = z.strictObject({
  keys: z.array(fileKeySchema).min(1).max(BULK_MAX),
  action: bulkActionSchema,
});
export const bulkResultSchema = z.object({
  files: z.array(mediaFileSchema),
  deleted: z.array(z.string()),
});

export const archiveQuerySchema = z.object({
  keys: text({ max: BULK_MAX * 64 })
    .transform((s) => s.split(','))
    .pipe(z.array(fileKeySchema).min(1).max(BULK_MAX)),
});

export const viewResultSchema = z.object({ views: z.number().int(), version: z.number().int() });

export const storageUsageSchema = z.object({
  used: z.number().int(),
  quota: z.number().int(),
  files: z.number().int(),
});

export const imageFormatSchema = z.enum(['webp', 'avif', 'jpeg', 'png']);
export const fitSchema = z.enum(['cover', 'contain', 'fill', 'inside', 'outside']);
export const gravitySchema = z.enum([
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
  'center',
  'centre',
  'entropy',
  'attention',
]);

const side = z.coerce.number().int().min(1).max(TRANSFORM_MAX_SIDE);
const flagParam = z
  .enum(['', 'true', 'false', '1', '0'])
  .transform((v) => v !== 'false' && v !== '0');

/**
 * The CDN's image URL parameters (002 §9): every one optional; an unknown name or a value out of
 * range is refused rather than ignored, so a typo never serves a surprise.
 */
export const transformSchema = z.strictObject({
  w: side.optional(),
  h: side.optional(),
  q: z.coerce.number().int().min(1).max(100).optional(),
  f: imageFormatSchema.optional(),
  fit: fitSchema.optional(),
  g: gravitySchema.optional(),
  blur: z.coerce.number().min(0.3).max(100).optional(),
  sharpen: z.union([flagParam, z.coerce.number().min(0.01).max(10)]).optional(),
  rotate: z.coerce
    .number()
    .int()
    .refine(
      (r) => r % 90 === 0 && Math.abs(r) <= 270,
      'rotate is a multiple of 90 from -270 to 270',
    )
    .optional(),
  compress: flagParam.optional(),
});
export type Transform = z.infer<typeof transformSchema>;

export const cdnHealthSchema = z.object({
  status: z.enum(['healthy', 'degraded', 'down']),
  checkedAt: z.string(),
  baseUrl: z.string(),
  storage: z.enum(['disk', 's3']),
  checks: z.array(
    z.object({ name: z.string(), ok: z.boolean(), ms: z.number(), detail: z.string().optional() }),
  ),
});
export type CdnHealth = z.infer<typeof cdnHealthSchema>;
export const purgeRequestSchema = z.strictObject({
  files: z
    .array(text({ required: 'Name a file to purge', max: 2048 }))
    .min(1)
    .max(BULK_MAX),
});
export const purgeResultSchema = z.object({
  purged: z.number().int(),
  variantsRemoved: z.number().int(),
  provider: z
    .object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() })
    .nullable(),
});
