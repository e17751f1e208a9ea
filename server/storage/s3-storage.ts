import { createReadStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertStorageKey, type ObjectStorage } from './object-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For MinIO, s3rver and other S3-compatible servers; absent for AWS itself. */
  endpoint?: string;
  /** The public address of the endpoint for signed URLs, when browsers reach it elsewhere. */
  publicEndpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A local folder for uploads in progress. */
  stagingDir: string;
}

const DELETE_BATCH = 1000;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.name === 'NoSuchBucket' ||
    error.$metadata.httpStatusCode === 404
  );
}

function clientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/** Objects in an S3-compatible bucket. Large files go up in parts, streamed from staging. */
export function createS3Storage(settings: S3Settings): ObjectStorage {
  const client = clientFor(settings, settings.endpoint);
  const signer = settings.publicEndpoint ? clientFor(settings, settings.publicEndpoint) : client;
  const Bucket = settings.bucket;
  const checked = (key: string) => {
    assertStorageKey(key);
    return key;
  };

  async function deleteKeys(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: batch.map((Key) => ({ Key: checked(Key) })), Quiet: true },
        }),
      );
    }
  }

  return {
    driver: 's3',
    stagingDir: settings.stagingDir,
    async putFile(key, localPath, contentType) {
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: checked(key),
          Body: createReadStream(localPath),
          ContentType: contentType,
        },
      });
      await upload.done();
      await unlink(localPath);
    },
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType }),
      );
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checked(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    delete: deleteKeys,
    async deletePrefix(prefix) {
      let count = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: checked(prefix.replace(/\/$/, '')) + '/',
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
        if (keys.length > 0) await deleteKeys(keys);
        count += keys.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return count;
    },
    presignPut: (key, contentType, expiresIn, size) =>
      getSignedUrl(
        signer,
        new PutObjectCommand({
          Bucket,
          Key: checked(key),
          ContentType: contentType,
          ContentLength: size,
        }),
        // The presigner leaves the type out of the signature unless asked: signed, the bucket
        // takes the PUT only with the type granted, as it takes it only at the size granted.
        { expiresIn, signableHeaders: new Set(['content-type']) },
      ),
    presignGet: (key, expiresIn, download) =>
      getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket,
          Key: checked(key),
          ResponseContentType: download.contentType,
          ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
        }),
        { expiresIn },
      ),
    async check() {
      const key = `health/probe-${process.pid}`;
      const body = Buffer.from(String(Date.now()));
      await this.put(key, body, 'text/plain');
      const info = await this.stat(key);
      if (info?.size !== body.length) throw new Error('The probe object did not read back');
      await deleteKeys([key]);
    },
    async prepare() {
      await mkdir(settings.stagingDir, { recursive: true });
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    },
  };
}
