import {
  fileDeletedPayloadSchema,
  fileUpdatedPayloadSchema,
  MEDIA_SOCKET_EVENTS,
} from '../../../shared/media';
import type { LiveFeature } from '../connection';
import { mediaApi } from './mediaApi';
import { filesDeleted, filesReceived, isKnownFile } from './mediaCache';

/**
 * The owner's files as other tabs change them: an upload, a star, a play counted. Pushes carry the
 * whole file with its version, so the lists keep whichever state is newest.
 */
export const mediaLive: LiveFeature = {
  name: 'media',
  handlers: {
    [MEDIA_SOCKET_EVENTS.fileUpdated]: (payload, dispatch) => {
      const parsed = fileUpdatedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      const { file } = parsed.data;
      // A file new to this tab was uploaded elsewhere: the storage used has grown.
      if (!isKnownFile(file.key)) dispatch(mediaApi.util.invalidateTags(['StorageUsage']));
      dispatch(filesReceived([file]));
    },
    [MEDIA_SOCKET_EVENTS.fileDeleted]: (payload, dispatch) => {
      const parsed = fileDeletedPayloadSchema.safeParse(payload);
      if (!parsed.success) return;
      dispatch(filesDeleted([parsed.data.key]));
      dispatch(mediaApi.util.invalidateTags(['StorageUsage']));
    },
  },
  resync(dispatch) {
    dispatch(mediaApi.util.invalidateTags(['Files', 'StorageUsage']));
  },
};
