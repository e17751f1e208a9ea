import { randomUUID } from 'node:crypto';
import mime from 'mime-types';
import { z } from 'zod';
import { mediaMessages } from '../../../shared/media';
import { forbidden, invalid, tooLarge, unsupportedType, conflict } from '../../core/errors';
import { typeAllowed } from './content-type';
import { fileKeyOf } from './file-keys';
import type { UrlSigner } from './url-signing';

/** A presigned upload lives this long: enough for a large file on a slow line. */
export const PRESIGNED_UPLOAD_SECONDS = 3600;

/** What a presigned upload's token promises: who, where, which key, until when. */
export const uploadGrantSchema = z.object({
  fileId: z.uuid(),
  key: z.string(),
  userId: z.uuid(),
  folder: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().optional(),
  /** Seconds since the epoch. */
  exp: z.number().int(),
});
export type UploadGrant = z.infer<typeof uploadGrantSchema>;

/** A short extension from the file's name, kept in the key; `bin` when there is none. */
function extensionOf(filename: string): string {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase();
  return ext ?? 'bin';
}

/**
 * Grants one upload: the claimed type (from the name) must be an allowed one and the size, when
 * given, within the limits; the bytes are still checked when they arrive.
 */
export function grantUpload(
  request: { userId: string; type: string; filename: string; size?: number },
  rules: {
    allowedTypes: readonly string[];
    maxBytes: number;
    left: number;
    overQuota: () => Error;
  },
  now = Date.now(),
): UploadGrant {
  const contentType = mime.lookup(request.filename) || 'application/octet-stream';
  if (!typeAllowed(contentType, rules.allowedTypes)) {
    throw unsupportedType(mediaMessages.typeNotAllowed(contentType, rules.allowedTypes));
  }
  if (request.size !== undefined && request.size > rules.maxBytes) {
    throw tooLarge('file-too-large', mediaMessages.fileTooLarge(rules.maxBytes));
  }
  if (request.size !== undefined && request.size > rules.left) throw rules.overQuota();
  const fileId = randomUUID();
  return {
    fileId,
    key: fileKeyOf(fileId, extensionOf(request.filename)),
    userId: request.userId,
    folder: request.type,
    name: request.filename,
    contentType,
    ...(request.size !== undefined ? { size: request.size } : {}),
    exp: Math.floor(now / 1000) + PRESIGNED_UPLOAD_SECONDS,
  };
}

/** The grant a token carries, if it is one of ours and still good (`graceSeconds` after). */
export function openGrant(
  signer: UrlSigner,
  token: string,
  graceSeconds = 0,
  now = Date.now(),
): UploadGrant {
  const parsed = uploadGrantSchema.safeParse(signer.open(token));
  if (!parsed.success || (parsed.data.exp + graceSeconds) * 1000 < now) {
    throw forbidden('link-expired', mediaMessages.linkExpired);
  }
  return parsed.data;
}

/** A PUT that does not say it sends the type its grant was for. */
export const typeNotDeclared = (grant: UploadGrant) =>
  unsupportedType(mediaMessages.typeNotDeclared(grant.contentType), 'type-not-declared');

export const alreadyUploaded = () => conflict('already-uploaded', 'This upload is already done.');
export const notUploadedYet = () =>
  invalid('not-uploaded', 'The file has not been uploaded yet: PUT it to the upload URL first.');
