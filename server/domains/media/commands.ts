import { sql } from 'kysely';
import type { EventData, NewEvent } from '../../../shared/events';
import { formatBytes } from '../../../shared/format';
import { mediaMessages, type BulkAction, type FileUpdate } from '../../../shared/media';
import { appendTo, defineCommand } from '../../core/command';
import { forbidden, invalid, notFound, tooLarge } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, mapRead, rows, streamVersionSql, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { fileVisible, member } from '../relations/relations-policy';
import { fileStreamId, fileStreamIdSql } from './file-keys';
import { fileRows } from './files-read';

export type UploadedFile = EventData<'FileUploaded'>;

const usedBy = (ownerId: string) =>
  sql<number>`(select coalesce(sum(size), 0) from files where owner_id = ${ownerId}::uuid)::bigint`;

export const quotaExceeded = (used: number, quota: number) =>
  tooLarge('quota-exceeded', mediaMessages.quotaExceeded(formatBytes(used), formatBytes(quota)));

const fileNotFound = () => notFound(mediaMessages.fileNotFound);
const notYours = () => forbidden('not-owner', mediaMessages.notYourFile);

/**
 * Records uploaded files whose bytes are already in storage: all of them in one transaction, or
 * none. The quota is checked when deciding and again under the owner's lock at commit, so two
 * uploads at once cannot both squeeze under it.
 */
export const recordUploads = defineCommand({
  name: 'media.upload',
  load: (input: { ownerId: string; quota: number; files: UploadedFile[] }) => ({
    used: value(usedBy(input.ownerId)),
  }),
  decide({ used }, { ownerId, quota, files }) {
    const adding = files.reduce((sum, file) => sum + file.size, 0);
    const usedNow = Number(used);
    if (usedNow + adding > quota) throw quotaExceeded(usedNow, quota);
    return {
      guards: [
        lock(`files:${ownerId}`),
        refuseUnless(
          sql<boolean>`${usedBy(ownerId)} + ${adding} <= ${quota}`,
          quotaExceeded(usedNow, quota),
        ),
      ],
      appends: files.map((file) =>
        appendTo(fileStreamId(file.fileId), 0, [{ type: 'FileUploaded', data: file }]),
      ),
      // In the order they were sent, as the answer lists them.
      reply: mapRead(
        rows(
          fileRows().where(
            'f.id',
            'in',
            files.map((file) => file.fileId),
          ),
        ),
        (found) => files.flatMap((file) => found.filter((row) => row.id === file.fileId)),
      ),
    };
  },
});

/** The files named, each with its stream's version and whether the actor may see it. */
function filesState(keys: readonly string[], actorId: string) {
  return rows(
    qb
      .selectFrom('files as f')
      .select([
        'f.id',
        'f.key',
        'f.owner_id',
        'f.kind',
        'f.is_public',
        'f.is_starred',
        'f.is_archived',
        'f.tags',
        'f.description',
        'f.views',
        streamVersionSql(fileStreamIdSql(sql.ref('f.id'))).as('stream_version'),
        sql<boolean>`${fileVisible(sql.ref('f.owner_id'), sql.ref('f.is_public'), member(actorId))}`.as(
          'visible',
        ),
      ])
      .where((eb) => eb.or([eb('f.key', 'in', [...keys]), eb('f.poster_key', 'in', [...keys])])),
  );
}

type FileState = {
  id: string;
  key: string;
  owner_id: string;
  kind: string;
  is_public: boolean;
  is_starred: boolean;
  is_archived: boolean;
  tags: string[];
  description: string;
  views: number;
  stream_version: number;
  visible: boolean;
};

/** The file under `key` the actor owns: a file they may not see is not found, one of another's is forbidden. */
function ownedFile(found: readonly FileState[], key: string, actorId: string): FileState {
  const file = found.find((f) => f.key === key);
  if (!file || !file.visible) throw fileNotFound();
  if (file.owner_id !== actorId) throw notYours();
  return file;
}

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** The events that bring a file to `update`; none for what already holds. */
function changesOf(file: FileState, update: FileUpdate): NewEvent[] {
  const fileId = file.id;
  const events: NewEvent[] = [];
  if (update.isStarred !== undefined && update.isStarred !== file.is_starred) {
    events.push({ type: 'FileStarred', data: { fileId, starred: update.isStarred } });
  }
  if (update.isArchived !== undefined && update.isArchived !== file.is_archived) {
    events.push({ type: 'FileArchived', data: { fileId, archived: update.isArchived } });
  }
  if (update.isPublic !== undefined && update.isPublic !== file.is_public) {
    events.push({ type: 'FileVisibilityChanged', data: { fileId, isPublic: update.isPublic } });
  }
  if (update.tags !== undefined && !sameTags(update.tags, file.tags)) {
    events.push({ type: 'FileTagged', data: { fileId, tags: update.tags } });
  }
  if (update.description !== undefined && update.description !== file.description) {
    events.push({ type: 'FileDescribed', data: { fileId, description: update.description } });
  }
  return events;
}

const BULK_UPDATES: Record<Exclude<BulkAction, 'delete'>, FileUpdate> = {
  star: { isStarred: true },
  unstar: { isStarred: false },
  archive: { isArchived: true },
  unarchive: { isArchived: false },
  'make-public': { isPublic: true },
  'make-private': { isPublic: false },
};

/**
 * Changes or deletes the owner's files, one or many, in one transaction: a key that is not the
 * actor's refuses the whole request. Deleting removes the metadata here; the bytes go from
 * storage after the commit.
 */
export const changeFiles = defineCommand({
  name: 'media.change',
  load: (input: { actorId: string; keys: string[]; change: BulkAction | FileUpdate }) => ({
    files: filesState(input.keys, input.actorId),
  }),
  decide({ files }, { actorId, keys, change }) {
    const owned = [...new Set(keys)].map((key) => ownedFile(files, key, actorId));
    if (change === 'delete') {
      return {
        appends: owned.map((file) =>
          appendTo(fileStreamId(file.id), file.stream_version, [
            {
              type: 'FileDeleted',
              data: { fileId: file.id, key: file.key, ownerId: file.owner_id },
            },
          ]),
        ),
        result: { deleted: owned.map((file) => file.key), ids: [] as string[] },
      };
    }
    const update = typeof change === 'string' ? BULK_UPDATES[change] : change;
    return {
      appends: owned.flatMap((file) => {
        const events = changesOf(file, update);
        return events.length > 0
          ? [appendTo(fileStreamId(file.id), file.stream_version, events)]
          : [];
      }),
      result: { deleted: [] as string[], ids: owned.map((file) => file.id) },
    };
  },
});

/** Sets the frame the owner's browser took as a video's thumbnail. */
export const setPoster = defineCommand({
  name: 'media.poster',
  load: (input: { actorId: string; key: string; posterKey: string }) => ({
    files: filesState([input.key], input.actorId),
  }),
  decide({ files }, { actorId, key, posterKey }) {
    const file = ownedFile(files, key, actorId);
    if (file.kind !== 'video') throw invalid('not-a-video', 'Only a video has a poster frame.');
    return {
      appends: [
        appendTo(fileStreamId(file.id), file.stream_version, [
          { type: 'VideoPosterSet', data: { fileId: file.id, posterKey } },
        ]),
      ],
      result: { fileId: file.id },
    };
  },
});

/** One play of a video by a member who may see it (001 §4: playing adds one to its views). */
export const recordView = defineCommand({
  name: 'media.view',
  load: (input: { viewerId: string; key: string }) => ({
    file: first(
      qb
        .selectFrom('files as f')
        .select([
          'f.id',
          'f.kind',
          streamVersionSql(fileStreamIdSql(sql.ref('f.id'))).as('stream_version'),
          sql<boolean>`${fileVisible(sql.ref('f.owner_id'), sql.ref('f.is_public'), member(input.viewerId))}`.as(
            'visible',
          ),
        ])
        .where('f.key', '=', input.key),
    ),
  }),
  decide({ file }, { viewerId }) {
    if (!file || !file.visible) throw fileNotFound();
    if (file.kind !== 'video') throw invalid('not-a-video', 'Only videos count views.');
    return {
      appends: [
        appendTo(fileStreamId(file.id), file.stream_version, [
          { type: 'VideoViewed', data: { fileId: file.id, viewerId } },
        ]),
      ],
      reply: first(qb.selectFrom('files').select(['views', 'version']).where('id', '=', file.id)),
    };
  },
});
