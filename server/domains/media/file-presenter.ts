import type { MediaFile } from '../../../shared/media';
import { FileUrls, THUMBNAIL_QUERY } from './file-urls';

/** A file's row as the reads select it, with its owner's name. */
export interface FileRow {
  id: string;
  key: string;
  owner_id: string;
  owner_name: string;
  folder: string;
  name: string;
  mime_type: string;
  kind: MediaFile['kind'];
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  is_public: boolean;
  is_starred: boolean;
  is_archived: boolean;
  tags: string[];
  description: string;
  views: number;
  poster_key: string | null;
  uploaded_at: Date;
  version: number;
}

const formatOf = (row: FileRow) => {
  const ext = /\.([a-z0-9]+)$/.exec(row.key)?.[1];
  return (ext ?? row.mime_type.split('/')[1] ?? 'bin').toUpperCase();
};

/**
 * A file's links, each made by `urlOf` from a key: the file, its poster (a video's), and a
 * thumbnail of the image or of the poster.
 */
export function fileLinks(
  file: Pick<FileRow, 'key' | 'kind' | 'poster_key'>,
  urlOf: (key: string) => string,
): Pick<MediaFile, 'url' | 'thumbnailUrl' | 'posterUrl'> {
  const url = urlOf(file.key);
  const posterUrl = file.poster_key ? urlOf(file.poster_key) : null;
  const thumbnailSource = file.kind === 'image' ? url : posterUrl;
  return {
    url,
    thumbnailUrl: thumbnailSource ? FileUrls.withParams(thumbnailSource, THUMBNAIL_QUERY) : null,
    posterUrl,
  };
}

export const dimensionsOf = (file: Pick<FileRow, 'width' | 'height'>): MediaFile['dimensions'] =>
  file.width && file.height ? { width: file.width, height: file.height } : null;

/** One file as REST answers and pushes carry it: the same shape everywhere. */
export function presentFile(row: FileRow, urls: FileUrls): MediaFile {
  const { url, thumbnailUrl, posterUrl } = fileLinks(row, (key) => urls.urlOf(key, row.is_public));
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    folder: row.folder,
    kind: row.kind,
    mimeType: row.mime_type,
    format: formatOf(row),
    size: row.size,
    sha256: row.sha256,
    url,
    thumbnailUrl,
    posterUrl,
    dimensions: dimensionsOf(row),
    duration: row.duration,
    views: row.views,
    isPublic: row.is_public,
    isStarred: row.is_starred,
    isArchived: row.is_archived,
    category: row.is_archived ? 'archived' : row.is_public ? 'shared' : 'personal',
    tags: row.tags,
    description: row.description,
    uploadedAt: row.uploaded_at.toISOString(),
    uploadedBy: { id: row.owner_id, name: row.owner_name },
    version: row.version,
  };
}
