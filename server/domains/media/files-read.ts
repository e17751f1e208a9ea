import { sql } from 'kysely';
import { RECENT_DAYS, type FileKind, type FilesTab } from '../../../shared/media';
import { invalid } from '../../core/errors';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { fileInVisiblePost, fileVisible, member } from '../relations/relations-policy';
import type { FileRow } from './file-presenter';

/**
 * Every column a presented file needs, its owner's name included: on the pool (`db`) for REST,
 * or compiled only (`qb`) for a command's reads and replies.
 */
export function fileRows(source: Db = qb) {
  return source
    .selectFrom('files as f')
    .innerJoin('users as u', 'u.id', 'f.owner_id')
    .selectAll('f')
    .select('u.display_name as owner_name');
}

/** A file by its key, or the video whose poster the key is. */
export async function readFileByKey(db: Db, key: string): Promise<FileRow | undefined> {
  const row = await fileRows(db)
    .where((eb) => eb.or([eb('f.key', '=', key), eb('f.poster_key', '=', key)]))
    .executeTakeFirst();
  return row as FileRow | undefined;
}

/**
 * A file by its key and whether `viewerId` may see it, in one query: the CDN reads both on every
 * request, and a second round trip there is most of what a cached variant costs. Besides the
 * file's own rule, a file attached to a post the viewer may see is theirs to load.
 */
export async function readFileForViewer(
  db: Db,
  key: string,
  viewerId: string | undefined,
): Promise<(FileRow & { visible: boolean }) | undefined> {
  const viewer = viewerId ? member(viewerId) : null;
  const visible = viewer
    ? sql<boolean>`(${fileVisible(sql.ref('f.owner_id'), sql.ref('f.is_public'), viewer)}
        or ${fileInVisiblePost(sql.ref('f.id'), sql.ref('f.owner_id'), viewer)})`
    : sql<boolean>`false`;
  const row = await fileRows(db)
    .select(visible.as('visible'))
    .where((eb) => eb.or([eb('f.key', '=', key), eb('f.poster_key', '=', key)]))
    .executeTakeFirst();
  return row as (FileRow & { visible: boolean }) | undefined;
}

/** Whether `viewerId` may see the file, by the relations policy. */
export async function visibleTo(db: Db, row: FileRow, viewerId: string): Promise<boolean> {
  if (row.owner_id === viewerId) return true;
  if (!row.is_public) return false;
  const { rows } = await sql<{ value: boolean }>`select ${fileVisible(
    member(row.owner_id),
    sql`${row.is_public}::boolean`,
    member(viewerId),
  )} as value`.execute(db);
  return rows[0]?.value ?? false;
}

export async function readFilesByKeys(db: Db, keys: readonly string[]): Promise<FileRow[]> {
  if (keys.length === 0) return [];
  const rows = await fileRows(db)
    .where('f.key', 'in', [...keys])
    .execute();
  return rows as FileRow[];
}

interface Cursor {
  at: string;
  id: string;
}

const encodeCursor = (row: FileRow) =>
  Buffer.from(`${row.uploaded_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): Cursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw invalid('bad-cursor', 'The cursor is not one this list gave.');
  }
  return { at, id };
}

/**
 * A page of the member's own files of one kind in one tab, newest first (001 §4): all and
 * starred and recent leave archived files out; recent is the last seven days.
 */
export async function readFilesPage(
  db: Db,
  ownerId: string,
  query: { type?: FileKind; tab: FilesTab; cursor?: string; limit: number },
): Promise<{ rows: FileRow[]; nextCursor: string | null }> {
  let select = fileRows(db).where('f.owner_id', '=', ownerId);
  if (query.type) select = select.where('f.kind', '=', query.type);
  select = select.where('f.is_archived', '=', query.tab === 'archived');
  if (query.tab === 'starred') select = select.where('f.is_starred', '=', true);
  if (query.tab === 'recent') {
    select = select.where(
      'f.uploaded_at',
      '>=',
      sql<Date>`now() - make_interval(days => ${RECENT_DAYS})`,
    );
  }
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    select = select.where(sql<boolean>`(f.uploaded_at, f.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const found = (await select
    .orderBy('f.uploaded_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(query.limit + 1)
    .execute()) as FileRow[];
  const rows = found.slice(0, query.limit);
  return {
    rows,
    nextCursor: found.length > query.limit ? encodeCursor(rows[rows.length - 1]!) : null,
  };
}

export async function readUsage(db: Db, ownerId: string): Promise<{ used: number; files: number }> {
  const row = await db
    .selectFrom('files')
    .select([
      sql<number>`coalesce(sum(size), 0)::bigint`.as('used'),
      sql<number>`count(*)::int`.as('files'),
    ])
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return { used: Number(row.used), files: row.files };
}
