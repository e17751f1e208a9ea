import { sql, type Updateable } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { FilesTable } from '../../db/tables/files';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberFiles } from './files-erasure';

export const mediaEventTypes = [
  'FileUploaded',
  'FileDeleted',
  'FileStarred',
  'FileArchived',
  'FileTagged',
  'FileDescribed',
  'FileVisibilityChanged',
  'VideoPosterSet',
  'VideoViewed',
] as const satisfies readonly EventType[];

type Changes = Updateable<FilesTable>;

/** Every change bumps the row's version, so a client keeps the newest of what it is pushed. */
const change = (fileId: string, set: Changes) =>
  statement(
    qb
      .updateTable('files')
      .set(set)
      .set({ version: sql`version + 1` })
      .where('id', '=', fileId),
  );

/** File metadata: one row per stored file. Times come from the events, so a rebuild is identical. */
export const filesProjection: Projection = {
  name: 'media',
  tables: ['files'],
  handles: [...mediaEventTypes, 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'FileUploaded': {
        const d = event.data;
        return [
          statement(
            qb.insertInto('files').values({
              id: d.fileId,
              key: d.key,
              owner_id: d.ownerId,
              folder: d.folder,
              name: d.name,
              mime_type: d.mimeType,
              kind: d.kind,
              size: d.size,
              sha256: d.sha256,
              width: d.width,
              height: d.height,
              duration: d.duration,
              is_public: d.isPublic,
              poster_key: null,
              metadata_stripped: d.metadataStripped,
              uploaded_at: event.occurredAt,
            }),
          ),
        ];
      }
      case 'FileDeleted':
        return [statement(qb.deleteFrom('files').where('id', '=', event.data.fileId))];
      case 'FileStarred':
        return [change(event.data.fileId, { is_starred: event.data.starred })];
      case 'FileArchived':
        return [change(event.data.fileId, { is_archived: event.data.archived })];
      case 'FileTagged':
        return [change(event.data.fileId, { tags: event.data.tags })];
      case 'FileDescribed':
        return [change(event.data.fileId, { description: event.data.description })];
      case 'FileVisibilityChanged':
        return [change(event.data.fileId, { is_public: event.data.isPublic })];
      case 'VideoPosterSet':
        return [change(event.data.fileId, { poster_key: event.data.posterKey })];
      case 'VideoViewed':
        return [
          statement(
            qb
              .updateTable('files')
              .set({ views: sql`views + 1`, version: sql`version + 1` })
              .where('id', '=', event.data.fileId),
          ),
        ];
      case 'AccountDeleted':
        return eraseMemberFiles(event.data.userId);
      default:
        return [];
    }
  },
};
