import path from 'node:path';
import type { Config } from '../config';
import { createDiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** The storage the configuration names: disk by default, S3-compatible when STORAGE_DRIVER=s3. */
export function createStorage(config: Config): ObjectStorage {
  const filesDir = path.resolve(config.FILES_DIR ?? path.join(config.DATA_DIR, 'files'));
  if (config.STORAGE_DRIVER === 'disk') return createDiskStorage(filesDir);
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    stagingDir: path.join(filesDir, 'staging'),
  });
}
