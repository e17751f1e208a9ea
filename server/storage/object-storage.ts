import type { Readable } from 'node:stream';

/** What storage knows of an object without reading it. */
export interface ObjectInfo {
  size: number;
  lastModified: Date;
}

/** A byte range, both ends included (as HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live: the local disk or an S3-compatible bucket, chosen by configuration.
 * Keys are storage paths (`files/<key>`, `variants/<key>/<name>`), made by the media domain.
 */
export interface ObjectStorage {
  readonly driver: 'disk' | 's3';
  /** A folder on this machine for uploads in progress; for disk, on the same file system. */
  readonly stagingDir: string;
  /** Moves a finished local file into storage; the local file is gone afterwards. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** `null` when there is no such object. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or the range of them; `null` when there is no such object. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** Removes every object under a prefix; answers how many there were. */
  deletePrefix(prefix: string): Promise<number>;
  /**
   * A URL that lets its holder PUT this object straight to the bucket until it expires, or `null`
   * when uploads go through this server (disk).
   */
  presignPut(
    key: string,
    contentType: string,
    expiresInSeconds: number,
    size?: number,
  ): Promise<string | null>;
  /** A URL that lets its holder GET the object until it expires, or `null` (disk). */
  presignGet(
    key: string,
    expiresInSeconds: number,
    download: { filename: string; contentType: string },
  ): Promise<string | null>;
  /** Writes, reads back and removes a probe object; throws when storage does not answer right. */
  check(): Promise<void>;
  /** Makes sure the place exists (the folder, the bucket). */
  prepare(): Promise<void>;
}

/** A storage path must never climb out of its root or start at one. */
export function assertStorageKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 1024 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Not a storage key: ${key}`);
  }
}
