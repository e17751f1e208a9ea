import { mediaEvents } from '../../../shared/events/media';
import { MEDIA_SOCKET_EVENTS } from '../../../shared/media';
import type { StoredEvent } from '../../eventstore/stored-event';
import { isHere, userRoom, type Pusher } from '../../realtime/pusher';
import { presentFile, type FileRow } from './file-presenter';
import type { FileUrls } from './file-urls';
import { fileRows } from './files-read';

type MediaEvent = Extract<StoredEvent, { type: keyof typeof mediaEvents }>;

const isMediaEvent = (event: StoredEvent): event is MediaEvent =>
  Object.hasOwn(mediaEvents, event.type);

/**
 * Pushes a file's new state to its owner's tabs after commit (another tab's upload, a star, a
 * play counted): the whole file with its version, never a bare +1. Deletions name the key.
 */
export function createFilesPusher(urls: FileUrls): Pusher {
  return {
    name: 'media',
    async push(events, io, db) {
      const relevant = events.filter(isMediaEvent);
      if (relevant.length === 0) return;
      const changed = new Set<string>();
      for (const event of relevant) {
        if (event.type === 'FileDeleted') {
          if (isHere(io, event.data.ownerId)) {
            io.local.to(userRoom(event.data.ownerId)).emit(MEDIA_SOCKET_EVENTS.fileDeleted, {
              key: event.data.key,
              fileId: event.data.fileId,
            });
          }
          changed.delete(event.data.fileId);
        } else {
          changed.add(event.data.fileId);
        }
      }
      if (changed.size === 0) return;
      const rows = (await fileRows(db)
        .where('f.id', 'in', [...changed])
        .execute()) as FileRow[];
      for (const row of rows) {
        if (!isHere(io, row.owner_id)) continue;
        io.local
          .to(userRoom(row.owner_id))
          .emit(MEDIA_SOCKET_EVENTS.fileUpdated, { file: presentFile(row, urls) });
      }
    },
  };
}
