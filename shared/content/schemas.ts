import { z } from 'zod';
import { idField } from '../api/ids';
import { hasUnsafeText, text, textMessages } from '../api/text';
import { CATEGORY_MAX, POST_TAG_MAX } from '../posts/limits';
import {
  createPostSchema,
  patchPostSchema,
  postStatusSchema,
  postVisibilitySchema,
} from '../posts/schemas';
import {
  CONTENT_BATCH_MAX,
  CONTENT_GRANTS_MAX,
  CONTENT_IMPORT_MAX,
  CONTENT_PAGE,
  CONTENT_PAGE_NUMBER_MAX,
  CONTENT_SEARCH_MAX,
  METADATA_KEY_MAX,
  METADATA_MAX_BYTES,
  METADATA_MAX_KEYS,
} from './limits';
import { contentMessages } from './messages';

/** What a record is; every post written before the content API is a `post`. */
export const contentTypeSchema = z.enum(['post', 'article', 'image', 'video', 'link']);
export type ContentType = z.infer<typeof contentTypeSchema>;

/** Who may do one thing with a record: the same three settings as a post's visibility. */
export const contentAudienceSchema = postVisibilitySchema;
export type ContentAudience = z.infer<typeof contentAudienceSchema>;

export const contentActionSchema = z.enum(['view', 'comment', 'share']);
export type ContentAction = z.infer<typeof contentActionSchema>;

/**
 * Free JSON the author keeps on a record, bounded in keys and size, storable in jsonb. Values
 * are `unknown`: a request body is parsed JSON, so nothing else arrives (and a recursive JSON
 * schema would make the API document recursive).
 */
export const metadataSchema = z
  .record(z.string().min(1, contentMessages.metadataKey).max(METADATA_KEY_MAX), z.unknown())
  .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, contentMessages.metadataTooManyKeys)
  .refine((m) => !hasUnsafeText(m), textMessages.unsafeJson)
  .refine(
    (m) => new TextEncoder().encode(JSON.stringify(m)).length <= METADATA_MAX_BYTES,
    contentMessages.metadataTooLarge,
  );
export type ContentMetadata = z.infer<typeof metadataSchema>;

/**
 * `POST /content`: a post's fields (the same rules as `POST /posts`), its type and metadata.
 * Quoting is the social post's alone.
 */
export const createContentSchema = z.strictObject({
  ...createPostSchema.omit({ quoteOf: true }).shape,
  type: contentTypeSchema.default('post'),
  metadata: metadataSchema.default({}),
});
export type CreateContent = z.output<typeof createContentSchema>;

/** `PATCH /content/{id}`: only the fields sent change; `metadata` replaces the whole. */
export const patchContentSchema = z
  .strictObject({
    ...patchPostSchema.shape,
    type: contentTypeSchema.optional(),
    metadata: metadataSchema.optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: contentMessages.nothingToChange });
export type PatchContent = z.output<typeof patchContentSchema>;

const grantList = z
  .array(idField())
  .max(CONTENT_GRANTS_MAX, `At most ${CONTENT_GRANTS_MAX} members per action`)
  .transform((ids) => [...new Set(ids)]);

/**
 * `PATCH /content/{id}/permissions`: `view` is the record's visibility; `comment` and `share`
 * their own audiences; `allow` names members per action beyond the audience, each list sent
 * replacing that action's list.
 */
export const patchPermissionsSchema = z
  .strictObject({
    view: contentAudienceSchema.optional(),
    comment: contentAudienceSchema.optional(),
    share: contentAudienceSchema.optional(),
    allow: z
      .strictObject({
        view: grantList.optional(),
        comment: grantList.optional(),
        share: grantList.optional(),
      })
      .optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: contentMessages.nothingToChange });
export type PatchPermissions = z.output<typeof patchPermissionsSchema>;

/** `PATCH /content/{id}/metadata`: keys set to a value are set, keys set to null removed. */
export const patchMetadataSchema = z.strictObject({
  metadata: z
    .record(z.string().min(1, contentMessages.metadataKey).max(METADATA_KEY_MAX), z.unknown())
    .refine((m) => Object.keys(m).length > 0, contentMessages.nothingToChange)
    .refine((m) => Object.keys(m).length <= METADATA_MAX_KEYS, contentMessages.metadataTooManyKeys)
    .refine((m) => !hasUnsafeText(m), textMessages.unsafeJson),
});
export type PatchMetadata = z.output<typeof patchMetadataSchema>;

export const grantsSchema = z.object({
  view: z.array(z.uuid()),
  comment: z.array(z.uuid()),
  share: z.array(z.uuid()),
});
export type ContentGrants = z.infer<typeof grantsSchema>;

export const contentPermissionsSchema = z.object({
  view: contentAudienceSchema,
  comment: contentAudienceSchema,
  share: contentAudienceSchema,
  /** The members named per action: the author's and owners' to read; empty for anyone else. */
  allow: grantsSchema,
});

export const moderationStateSchema = z.enum(['visible', 'hidden', 'removed']);

/**
 * A content record: the post of the Posts issue under the content API's names. `compositeId`
 * is the post's uuidv7 (the same as `id`); `sequence` its number among the author's posts.
 */
export const contentRecordSchema = z.object({
  id: z.uuid(),
  compositeId: z.uuid(),
  userId: z.uuid(),
  sequence: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  excerpt: z.string(),
  type: contentTypeSchema,
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  status: postStatusSchema,
  visibility: postVisibilitySchema,
  featuredImage: z.string().nullable(),
  location: z.string().nullable(),
  seoTitle: z.string(),
  seoDescription: z.string(),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  permissions: contentPermissionsSchema,
  metadata: z.record(z.string(), z.unknown()),
  /** `reason` only for the author and owners; null for anyone else. */
  moderation: z.object({ state: moderationStateSchema, reason: z.string().nullable() }),
  metrics: z.object({
    views: z.number().int().nonnegative(),
    likes: z.number().int().nonnegative(),
    comments: z.number().int().nonnegative(),
    shares: z.number().int().nonnegative(),
  }),
  createdAt: z.iso.datetime(),
  /** The last edit, or the creation when it was never edited. */
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  version: z.number().int(),
});
export type ContentRecord = z.infer<typeof contentRecordSchema>;

export const contentPageSchema = z.object({
  content: z.array(contentRecordSchema),
  total: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentSortSchema = z.enum(['newest', 'oldest', 'popular']);
export type ContentSort = z.infer<typeof contentSortSchema>;

/** The filters every content list takes (002 §7 "plus filters"). */
const filters = {
  userId: idField().optional(),
  status: postStatusSchema.optional(),
  type: contentTypeSchema.optional(),
  visibility: postVisibilitySchema.optional(),
  tag: text({ trim: true, max: POST_TAG_MAX }).optional(),
  category: text({ trim: true, max: CATEGORY_MAX }).optional(),
  /** Created at or after / at or before. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(CONTENT_PAGE_NUMBER_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(CONTENT_PAGE.max).default(CONTENT_PAGE.default),
};

const ordered = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);

export const contentListQuerySchema = z
  .object({ ...filters, sort: contentSortSchema.default('newest') })
  .refine(ordered, { message: contentMessages.badRange, path: ['from'] });
export type ContentListQuery = z.output<typeof contentListQuerySchema>;

/** `GET /content/search`: ranked by relevance, then newest; `sort` reorders when sent. */
export const contentSearchQuerySchema = z
  .object({
    ...filters,
    q: text({ trim: true, max: CONTENT_SEARCH_MAX, required: contentMessages.blankSearch }),
    sort: contentSortSchema.optional(),
  })
  .refine(ordered, { message: contentMessages.badRange, path: ['from'] });
export type ContentSearchQuery = z.output<typeof contentSearchQuerySchema>;

/** `GET /content/tags?tags=a,b`: records having any of the tags. */
export const contentTagsQuerySchema = z
  .object({
    ...filters,
    tags: text({ max: 1000, required: contentMessages.noTags }).transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t.length > 0),
      ),
    ]),
    sort: contentSortSchema.default('newest'),
  })
  .refine((q) => q.tags.length > 0, { message: contentMessages.noTags, path: ['tags'] })
  .refine(ordered, { message: contentMessages.badRange, path: ['from'] });
export type ContentTagsQuery = z.output<typeof contentTagsQuerySchema>;

/** `GET /content/type?type=`: the type is required here. */
export const contentTypeQuerySchema = z
  .object({ ...filters, type: contentTypeSchema, sort: contentSortSchema.default('newest') })
  .refine(ordered, { message: contentMessages.badRange, path: ['from'] });

export const contentStatsQuerySchema = z.object({ userId: idField().optional() });

export const contentStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  byStatus: z.record(postStatusSchema, z.number().int().nonnegative()),
  byType: z.record(contentTypeSchema, z.number().int().nonnegative()),
  metrics: z.object({
    views: z.number().int().nonnegative(),
    likes: z.number().int().nonnegative(),
    comments: z.number().int().nonnegative(),
    shares: z.number().int().nonnegative(),
  }),
  topTags: z.array(z.object({ tag: z.string(), count: z.number().int().positive() })),
});
export type ContentStats = z.infer<typeof contentStatsSchema>;

/** `PATCH /content/batch`: every change applies, or none. */
export const batchPatchSchema = z.strictObject({
  updates: z
    .array(z.strictObject({ id: text({ max: 100 }), changes: patchContentSchema }))
    .min(1)
    .max(CONTENT_BATCH_MAX),
});
export type BatchPatch = z.output<typeof batchPatchSchema>;

/** `DELETE /content/batch`: every record goes to the trash, or none. */
export const batchDeleteSchema = z.strictObject({
  contentIds: z
    .array(text({ max: 100 }))
    .min(1)
    .max(CONTENT_BATCH_MAX),
});

export const batchResultSchema = z.object({ updated: z.number().int().nonnegative() });

export const migrateSchema = z.strictObject({ sourceUserId: idField(), targetUserId: idField() });
export const migrateResultSchema = z.object({ migratedCount: z.number().int().nonnegative() });

export const exportQuerySchema = z.object({
  userId: idField().optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

/**
 * One record as the JSON export writes it and the import reads it: what the member wrote, not
 * what others did to it (metrics, comments), nor ids that belong to this server (its id, its
 * author, its number, members named in `allow`, attached files). Keys are in this order.
 */
export const exportRecordSchema = z.strictObject({
  title: createPostSchema.shape.title.unwrap(),
  content: createPostSchema.shape.content.unwrap(),
  excerpt: createPostSchema.shape.excerpt.unwrap(),
  type: contentTypeSchema,
  status: postStatusSchema,
  visibility: postVisibilitySchema,
  permissions: z.strictObject({
    comment: contentAudienceSchema,
    share: contentAudienceSchema,
  }),
  tags: createPostSchema.shape.tags.unwrap(),
  categories: createPostSchema.shape.categories.unwrap(),
  featuredImage: createPostSchema.shape.featuredImage.unwrap(),
  location: createPostSchema.shape.location.unwrap(),
  seoTitle: createPostSchema.shape.seoTitle.unwrap(),
  seoDescription: createPostSchema.shape.seoDescription.unwrap(),
  allowComments: z.boolean(),
  allowSharing: z.boolean(),
  metadata: metadataSchema,
  createdAt: z.iso.datetime({ offset: true }),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  editedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExportRecord = z.output<typeof exportRecordSchema>;

/** `POST /content/import`: records are checked one by one (`exportRecordSchema`) by the handler. */
export const importSchema = z.strictObject({
  userId: idField(),
  content: z.array(z.unknown()).min(1).max(CONTENT_IMPORT_MAX),
});

export const importResultSchema = z.object({
  importedCount: z.number().int().nonnegative(),
  ids: z.array(z.uuid()),
});
