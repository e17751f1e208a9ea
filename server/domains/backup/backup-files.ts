import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';

/**
 * An encrypted backup file is `AGB1` + a 12-byte IV + the AES-256-GCM ciphertext of the gzip
 * stream + the 16-byte tag, so it can be written in one pass and the tag read before decrypting.
 */
const MAGIC = Buffer.from('AGB1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES;

export function backupDir(config: Config): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(config.DATA_DIR, 'backups'));
}

export function backupFileName(backupId: string, encrypted: boolean): string {
  return `backup-${backupId}.copy.gz${encrypted ? '.enc' : ''}`;
}

/** The configured key, or null when none is set; config validation has checked its shape. */
export function backupKey(config: Config): Buffer | null {
  const raw = config.BACKUP_ENCRYPTION_KEY;
  if (!raw) return null;
  return /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
}

/** A transform that writes the header, the AES-256-GCM ciphertext and the tag. */
export function encryptor(key: Buffer): Transform {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  let headerWritten = false;
  const header = (stream: Transform) => {
    if (!headerWritten) stream.push(Buffer.concat([MAGIC, iv]));
    headerWritten = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      header(this);
      callback(null, cipher.update(chunk));
    },
    // The tag exists only after the last block.
    flush(callback: TransformCallback) {
      try {
        header(this);
        this.push(cipher.final());
        this.push(cipher.getAuthTag());
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

export class BackupKeyError extends Error {
  constructor() {
    super('backup cannot be decrypted with the configured key');
    this.name = 'BackupKeyError';
  }
}

/**
 * The readable plaintext (still gzip) of a backup file. Encrypted files are authenticated as they
 * stream; a wrong key or altered bytes fail at the end with BackupKeyError, so callers consume
 * the whole stream inside the transaction they would roll back.
 */
export async function openBackupFile(
  file: string,
  encrypted: boolean,
  key: Buffer | null,
): Promise<NodeJS.ReadableStream> {
  if (!encrypted) return createReadStream(file, { highWaterMark: 1 << 20 });
  if (!key) throw new BackupKeyError();
  const { size } = await stat(file);
  const handle = await open(file, 'r');
  const head = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(head, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupKeyError();
  const decipher = createDecipheriv('aes-256-gcm', key, head.subarray(MAGIC.length));
  decipher.setAuthTag(tag);
  const body = createReadStream(file, {
    start: HEADER_BYTES,
    end: size - TAG_BYTES - 1,
    highWaterMark: 1 << 20,
  });
  const plain = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      callback(null, decipher.update(chunk));
    },
    flush(callback: TransformCallback) {
      try {
        this.push(decipher.final());
        callback();
      } catch {
        callback(new BackupKeyError());
      }
    },
  });
  return body.pipe(plain);
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), hash);
  return hash.digest('hex');
}

/** Passes bytes through while hashing and counting them. */
export class HashingCounter extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}
