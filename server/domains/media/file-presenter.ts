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

/** One file as REST answers and pushes carry it: the same shape everywhere. */
export function presentFile(row: FileRow, urls: FileUrls): MediaFile {
  const url = urls.urlOf(row.key, row.is_public);
  const posterUrl = row.poster_key ? urls.urlOf(row.poster_key, row.is_public) : null;
  const thumbnailSource = row.kind === 'image' ? url : posterUrl;
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
    thumbnailUrl: thumbnailSource ? FileUrls.withParams(thumbnailSource, THUMBNAIL_QUERY) : null,
    posterUrl,
    dimensions: row.width && row.height ? { width: row.width, height: row.height } : null,
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
