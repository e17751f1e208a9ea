import { sql } from 'kysely';
import { postsMessages, type PostMedia } from '../../../shared/posts';
import { invalidField } from '../../core/errors';
import { refuseUnless } from '../../core/guards';
import { qb, statement, type Statement } from '../../db/statement';
import { dimensionsOf, fileLinks } from '../media/file-presenter';
import type { FileUrls } from '../media/file-urls';

/** An attached file as post reads select it, inside the post's row. */
export interface AttachedFileColumns {
  id: string;
  key: string;
  name: string;
  mime_type: string;
  kind: PostMedia['kind'];
  width: number | null;
  height: number | null;
  duration: number | null;
  poster_key: string | null;
  description: string;
}

const inOrder = sql`from post_media pm join files f on f.id = pm.file_id where pm.post_id = p.id`;

/**
 * The files attached to the post of the enclosing query (`p`), in order, as one JSON column: a
 * post stays one row, whatever the list. A file deleted since is left out.
 */
export const attachedFilesSql = sql<AttachedFileColumns[]>`coalesce((select json_agg(
    json_build_object('id', f.id, 'key', f.key, 'name', f.name, 'mime_type', f.mime_type,
      'kind', f.kind, 'width', f.width, 'height', f.height, 'duration', f.duration,
      'poster_key', f.poster_key, 'description', f.description)
    order by pm.position) ${inOrder}), '[]'::json)`;

/** The ids of the files attached to `p` that still exist, in order: what an edit carries on. */
export const attachedFileIdsSql = sql<string[]>`array(select pm.file_id::text ${inOrder}
  order by pm.position)`;

let mediaUrls: FileUrls | undefined;

/**
 * Hands over the media domain's URL builder, once, as the process starts. A post is presented
 * inside reads and command replies that are written without the module's deps, and its media's
 * URLs depend only on the configuration, which is the process's.
 */
export function useMediaUrls(urls: FileUrls): void {
  mediaUrls = urls;
}

/**
 * Attached files as a post carries them. Their URLs are unsigned, whether the file is public or
 * not: `/cdn` lets whoever may see the post load them (`fileInVisiblePost`), so a reader who
 * loses sight of the post loses the files with it, which a signed link would outlive.
 */
export function presentAttachedFiles(files: readonly AttachedFileColumns[]): PostMedia[] {
  if (files.length === 0) return [];
  const urls = mediaUrls;
  if (!urls) throw new Error('The posts module has not been started: no media URLs');
  return files.map((file) => ({
    id: file.id,
    key: file.key,
    name: file.name,
    mimeType: file.mime_type,
    kind: file.kind,
    ...fileLinks(file, (key) => urls.publicUrl(key)),
    dimensions: dimensionsOf(file),
    duration: file.duration,
    description: file.description,
  }));
}

/**
 * The projection's statements for a post's attached files as an event gives them, in order:
 * `PostEdited` replaces them all (it carries the whole content).
 */
export function attachStatements(
  postId: string,
  ids: readonly string[] | undefined,
  replace: boolean,
): Statement[] {
  const out: Statement[] = [];
  if (replace) out.push(statement(qb.deleteFrom('post_media').where('post_id', '=', postId)));
  if (ids && ids.length > 0) {
    out.push(
      statement(sql`insert into post_media (post_id, file_id, position)
        select ${postId}::uuid, m.file_id, (m.ordinality - 1)::int
        from unnest(${[...ids]}::uuid[]) with ordinality as m(file_id, ordinality)`),
    );
  }
  return out;
}

/**
 * A guard of the write: every file of `ids` is the member's own image or video as the post
 * commits. A file that is missing, another member's or of another kind is refused alike, so
 * ids cannot be probed.
 */
export function ownMediaGuard(ownerId: string, ids: readonly string[] | undefined): Statement[] {
  if (!ids || ids.length === 0) return [];
  return [
    refuseUnless(
      sql<boolean>`(select count(*) from files where id = any(${[...ids]}::uuid[])
        and owner_id = ${ownerId}::uuid and kind in ('image', 'video')) = ${ids.length}::int`,
      invalidField('mediaIds', 'media-not-yours', postsMessages.mediaNotYours),
    ),
  ];
}
