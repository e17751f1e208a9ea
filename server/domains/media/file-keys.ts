import { sql, type Expression, type RawBuilder } from 'kysely';
import { FILE_KEY_PATTERN } from '../../../shared/media';

/** One stream per file. */
export const fileStreamId = (fileId: string) => `file-${fileId}`;
export const fileStreamIdSql = (fileId: Expression<string>): RawBuilder<string> =>
  sql<string>`'file-' || ${fileId}`;

/** A key is the file's id and its extension, so it names no member and is one URL segment. */
export const fileKeyOf = (fileId: string, ext: string) => `${fileId}.${ext}`;
export const posterKeyOf = (fileId: string) => `${fileId}-poster.jpg`;
export const isFileKey = (key: string) => FILE_KEY_PATTERN.test(key);
export const fileIdOfKey = (key: string) => key.slice(0, 36);

/** Where storage keeps a file's bytes, and the variants made of it. */
export const originalPath = (key: string) => `files/${key}`;
export const variantsPrefix = (key: string) => `variants/${key}`;
export const variantPath = (key: string, name: string) => `${variantsPrefix(key)}/${name}`;
