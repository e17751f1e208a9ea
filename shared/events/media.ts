import { z } from 'zod';
import { DESCRIPTION_MAX, FILE_NAME_MAX, MAX_TAGS, TAG_MAX } from '../media/limits';
import { fileKindSchema } from '../media/schemas';

/**
 * One stream per file, `file-<id>`. The bytes live in storage, never in the log: these events
 * describe them. A replay rebuilds the metadata; the bytes are wherever storage kept them.
 */
export const mediaEvents = {
  FileUploaded: z.strictObject({
    fileId: z.uuid(),
    key: z.string(),
    ownerId: z.uuid(),
    folder: z.string(),
    name: z.string().max(FILE_NAME_MAX),
    mimeType: z.string(),
    kind: fileKindSchema,
    size: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration: z.number().nullable(),
    isPublic: z.boolean(),
    /** Whether EXIF (and with it any location) was removed from the stored image. */
    metadataStripped: z.boolean(),
  }),
  FileDeleted: z.strictObject({ fileId: z.uuid(), key: z.string(), ownerId: z.uuid() }),
  FileStarred: z.strictObject({ fileId: z.uuid(), starred: z.boolean() }),
  FileArchived: z.strictObject({ fileId: z.uuid(), archived: z.boolean() }),
  FileTagged: z.strictObject({
    fileId: z.uuid(),
    tags: z.array(z.string().max(TAG_MAX)).max(MAX_TAGS),
  }),
  FileDescribed: z.strictObject({ fileId: z.uuid(), description: z.string().max(DESCRIPTION_MAX) }),
  FileVisibilityChanged: z.strictObject({ fileId: z.uuid(), isPublic: z.boolean() }),
  /** A frame of the video, taken by the uploader's browser, shown as its thumbnail. */
  VideoPosterSet: z.strictObject({ fileId: z.uuid(), posterKey: z.string() }),
  VideoViewed: z.strictObject({ fileId: z.uuid(), viewerId: z.uuid() }),
};
