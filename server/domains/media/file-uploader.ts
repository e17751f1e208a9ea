import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { FILE_NAME_MAX, kindOfMime, mediaMessages } from '../../../shared/media';
import type { CommandRunner } from '../../core/command-runner';
import type { CommandContext } from '../../core/context';
import { invalid } from '../../core/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import { quotaExceeded, recordUploads, type UploadedFile } from './commands';
import { fileKeyOf, originalPath } from './file-keys';
import type { FileRow } from './file-presenter';
import { readUsage } from './files-read';
import { probeStaged } from './media-probe';
import { stageUpload, type StagedFile, type StagingRules } from './upload-staging';

/** Form fields a multipart upload may carry besides its files. */
const FIELD_LIMITS = { fields: 10, fieldNameSize: 50, fieldSize: 100 };

/** A name to show: no folders, no control characters, not too long, never empty. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{C}]/gu, '')
    .trim()
    .slice(0, FILE_NAME_MAX);
  return clean || 'file';
}

const truthy = (value: string | undefined) => value === 'true' || value === '1' || value === 'on';

export interface UploadTarget {
  ownerId: string;
  folder: string;
  ctx: CommandContext;
}

export interface MultipartOptions extends UploadTarget {
  /** The form field the files come in: `file` for one, `files` for several. */
  field: string;
  maxFiles: number;
  /** Narrower than the configured types (the post editor takes images only). */
  allowedTypes?: readonly string[];
  maxBytes?: number;
  /** Public unless the form says otherwise (the post editor's images are seen by readers). */
  publicByDefault?: boolean;
}

export interface RecordOptions extends UploadTarget {
  isPublic: boolean;
  keepLocation: boolean;
  /** For a presigned upload: the key it was promised. */
  key?: { fileId: string; key: string };
  /** The bytes are already in storage under the key (a presigned upload to the bucket). */
  alreadyStored?: boolean;
}

/**
 * Receives uploads: streams each file to staging (typed by its bytes, hashed, refused past its
 * limit while it streams), looks at it (strips EXIF, reads sizes), moves the bytes into storage,
 * and records every file of the request in one command, or none of them.
 */
export class Uploader {
  constructor(
    private readonly deps: {
      config: Config;
      db: Db;
      commands: CommandRunner;
      storage: ObjectStorage;
    },
  ) {}

  get allowedTypes(): readonly string[] {
    return this.deps.config.MEDIA_ALLOWED_TYPES;
  }

  /** The rules one file of `ownerId` streams under: the file limit, or what is left of the quota. */
  async rulesFor(
    ownerId: string,
    options: { maxBytes?: number; allowedTypes?: readonly string[] } = {},
  ): Promise<StagingRules> {
    const { config, db, storage } = this.deps;
    const quota = config.MEDIA_QUOTA_BYTES;
    const { used } = await readUsage(db, ownerId);
    const fileLimit = Math.min(
      options.maxBytes ?? config.MEDIA_MAX_FILE_BYTES,
      config.MEDIA_MAX_FILE_BYTES,
    );
    const left = Math.max(0, quota - used);
    return {
      dir: storage.stagingDir,
      maxBytes: Math.min(fileLimit, left),
      allowedTypes: options.allowedTypes ?? this.allowedTypes,
      overLimit: left < fileLimit ? () => quotaExceeded(used, quota) : undefined,
    };
  }

  /** Every file of a multipart request, recorded together; the whole request fails together. */
  async fromMultipart(req: Request, options: MultipartOptions): Promise<FileRow[]> {
    const rules = await this.rulesFor(options.ownerId, options);
    const { files, fields } = await receiveMultipart(req, [options.field], options.maxFiles, rules);
    const staged = files.map((entry) => entry.file);
    if (staged.length === 0) throw invalid('no-file', mediaMessages.noFile);
    const isPublic =
      fields.isPublic === undefined ? (options.publicByDefault ?? false) : truthy(fields.isPublic);
    return this.record(staged, { ...options, isPublic, keepLocation: truthy(fields.keepLocation) });
  }

  /**
   * One file sent as the whole request body (a presigned PUT to this server), exactly
   * `declaredSize` bytes long when its grant declared one.
   */
  async fromStream(
    body: Readable,
    name: string,
    options: RecordOptions & { declaredSize?: number },
  ): Promise<FileRow> {
    const rules = await this.rulesFor(options.ownerId);
    const staged = await stageUpload(body, cleanFileName(name), {
      ...rules,
      exactBytes: options.declaredSize,
    });
    const [row] = await this.record([staged], options);
    return row!;
  }

  /** Probes, stores and records staged files; on any refusal nothing stays in storage. */
  async record(staged: StagedFile[], options: RecordOptions): Promise<FileRow[]> {
    const { storage, commands, config } = this.deps;
    const stored: string[] = [];
    try {
      const files: UploadedFile[] = [];
      for (const file of staged) {
        const probed = await probeStaged(file, !options.keepLocation);
        const fileId = options.key?.fileId ?? randomUUID();
        const key = options.key?.key ?? fileKeyOf(fileId, file.type.ext);
        if (!options.alreadyStored || probed.metadataStripped) {
          await storage.putFile(originalPath(key), file.path, file.type.mime);
        }
        if (!options.alreadyStored) stored.push(originalPath(key));
        files.push({
          fileId,
          key,
          ownerId: options.ownerId,
          folder: options.folder,
          name: file.name,
          mimeType: file.type.mime,
          kind: kindOfMime(file.type.mime),
          size: file.size,
          sha256: file.sha256,
          width: probed.width,
          height: probed.height,
          duration: probed.duration,
          isPublic: options.isPublic,
          metadataStripped: probed.metadataStripped,
        });
      }
      return await commands.run(
        recordUploads,
        { ownerId: options.ownerId, quota: config.MEDIA_QUOTA_BYTES, files },
        options.ctx,
      );
    } catch (error) {
      await storage.delete(stored).catch(() => undefined);
      throw error;
    } finally {
      await Promise.all(staged.map((file) => rm(file.path, { force: true })));
    }
  }
}

export interface FieldLimits {
  fields: number;
  fieldNameSize: number;
  fieldSize: number;
}

/** A staged file with the form field it came in. */
export interface ReceivedFile {
  field: string;
  file: StagedFile;
}

/**
 * Streams a multipart body's files to staging one after another (busboy hands them over in
 * order). The first refusal ends the request at once: the rest of the body is read and dropped,
 * nothing more is written, and what was staged is removed. A text field past its size limit is
 * refused rather than cut short, so a form is never saved with a truncated value.
 */
export function receiveMultipart(
  req: Request,
  fileFields: readonly string[],
  maxFiles: number,
  rules: StagingRules,
  fieldLimits: FieldLimits = FIELD_LIMITS,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { ...fieldLimits, files: maxFiles, parts: maxFiles + fieldLimits.fields },
      });
    } catch {
      reject(invalid('not-multipart', 'Send the files as multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    const pending: Promise<ReceivedFile | null>[] = [];
    const streaming = new Set<Readable>();
    let failure: unknown = null;

    // A file still streaming when the request fails would wait forever for its end: it is ended.
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error;
      req.unpipe(parser);
      req.resume();
      for (const stream of streaming) stream.destroy(error instanceof Error ? error : undefined);
      finish();
    };

    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      void Promise.all(pending).then((received) => {
        const files = received.filter((entry): entry is ReceivedFile => entry !== null);
        if (failure) {
          void Promise.all(files.map(({ file }) => rm(file.path, { force: true }))).then(() =>
            reject(failure),
          );
          return;
        }
        resolve({ files, fields });
      });
    };

    parser.on('file', (name, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      if (!fileFields.includes(name)) {
        stream.resume();
        fail(
          invalid(
            'unexpected-field',
            `Send files in the ${fileFields.map((f) => `"${f}"`).join(' or ')} field.`,
          ),
        );
        return;
      }
      streaming.add(stream);
      pending.push(
        stageUpload(stream, cleanFileName(info.filename), rules)
          .then((file) => ({ field: name, file }))
          .catch((error: unknown) => {
            stream.resume();
            fail(error);
            return null;
          })
          .finally(() => streaming.delete(stream)),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(
          invalid('field-too-long', `The form field "${name}" is too long.`, {
            [name]: 'Too long',
          }),
        );
        return;
      }
      fields[name] = value;
    });
    parser.on('filesLimit', () =>
      fail(invalid('too-many-files', mediaMessages.tooManyFiles(maxFiles))),
    );
    parser.on('partsLimit', () => fail(invalid('too-many-parts', 'The form has too many parts.')));
    parser.on('fieldsLimit', () =>
      fail(invalid('too-many-fields', 'The form has too many fields.')),
    );
    parser.on('error', () => fail(invalid('malformed-multipart', 'The upload could not be read.')));
    parser.on('close', finish);
    req.on('aborted', () => fail(invalid('aborted', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}
