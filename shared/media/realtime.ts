import { z } from 'zod';
import { mediaFileSchema } from './schemas';

/** Socket events of the media domain, server to client, to the owner's tabs. */
export const MEDIA_SOCKET_EVENTS = {
  /** A file was uploaded or changed (starred, archived, tagged, viewed): the whole file. */
  fileUpdated: 'file:updated',
  fileDeleted: 'file:deleted',
} as const;

export const fileUpdatedPayloadSchema = z.object({ file: mediaFileSchema });
export const fileDeletedPayloadSchema = z.object({ key: z.string(), fileId: z.uuid() });
