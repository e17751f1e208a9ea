import { z } from 'zod';
import {
  archiveQuerySchema,
  bulkRequestSchema,
  bulkResultSchema,
  cdnHealthSchema,
  completeUploadSchema,
  DOWNLOAD_EXPIRY_SECONDS,
  downloadUrlSchema,
  editorUploadResultSchema,
  expiresInSchema,
  FEATURED_IMAGE_MAX_BYTES,
  fileInfoSchema,
  fileKeySchema,
  filesPageSchema,
  filesQuerySchema,
  fileUpdateSchema,
  folderSchema,
  mediaFileSchema,
  mediaMessages,
  presignRequestSchema,
  presignResultSchema,
  purgeRequestSchema,
  purgeResultSchema,
  storageUsageSchema,
  uploadManyResultSchema,
  uploadResultSchema,
  viewResultSchema,
  type MediaFile,
} from '../../../shared/media';
import { contextOf } from '../../core/context';
import { forbidden, notFound } from '../../core/errors';
import type { ModuleDeps } from '../../core/module';
import { defineRoute, type AnyRouteSpec } from '../../http/route-spec';
import { memberIdOf, sessionOf } from '../../http/signed-in';
import { changeFiles, quotaExceeded, recordView, setPoster } from './commands';
import { servedType } from './content-type';
import { keyOfPurgeEntry } from './cdn-service';
import { originalPath, posterKeyOf, variantsPrefix } from './file-keys';
import { presentFile, type FileRow } from './file-presenter';
import { sendZip } from './files-archive';
import { readFileByKey, readFilesByKeys, readFilesPage, readUsage, visibleTo } from './files-read';
import { mediaServices } from './media-services';
import { renderPoster } from './poster';
import {
  alreadyUploaded,
  grantUpload,
  notUploadedYet,
  openGrant,
  PRESIGNED_UPLOAD_SECONDS,
  typeNotDeclared,
} from './presigned-uploads';
import { stageUpload } from './upload-staging';

const keyParams = z.object({ key: fileKeySchema });
const folderParams = z.object({ userId: z.uuid(), type: folderSchema });

const multipart = (field: string, what: string) => ({
  contentType: 'multipart/form-data' as const,
  description: `${what}. Private unless \`isPublic\` is true; EXIF (and any location) is removed from images unless \`keepLocation\` is true.`,
  fields: {
    [field]: { binary: true, description: what },
    isPublic: { description: '`true` makes the file readable by every signed-in member' },
    keepLocation: { description: "`true` keeps an image's EXIF as uploaded" },
  },
});

/** A member uploads only into their own files (002 §7 paths carry the user id). */
function requireSelf(userId: string, callerId: string): void {
  if (userId !== callerId) throw forbidden('not-owner', mediaMessages.notYourFolder);
}

export function mediaRoutes(deps: ModuleDeps): AnyRouteSpec[] {
  const { db, commands, config, logger } = deps;
  const media = mediaServices(deps);
  const present = (row: FileRow): MediaFile => presentFile(row, media.urls);
  const uploadResult = (row: FileRow) => {
    const file = present(row);
    return { url: file.url, key: file.key, file };
  };

  /** The file under `key` if the member may see it; one they may not is simply not found. */
  async function visibleFile(key: string, viewerId: string): Promise<FileRow> {
    const row = await readFileByKey(db, key);
    if (!row || row.key !== key || !(await visibleTo(db, row, viewerId))) {
      throw notFound(mediaMessages.fileNotFound);
    }
    return row;
  }

  /** After a delete has committed: the bytes, the poster and every cached variant. */
  async function removeBytes(rows: readonly FileRow[]): Promise<void> {
    const keys = rows.flatMap((row) => (row.poster_key ? [row.key, row.poster_key] : [row.key]));
    try {
      await media.storage.delete(keys.map(originalPath));
      for (const key of keys) await media.storage.deletePrefix(variantsPrefix(key));
    } catch (error) {
      logger.warn({ err: error, keys }, 'deleted files left bytes in storage');
    }
  }

  return [
    defineRoute({
      method: 'post',
      path: '/upload/presigned/complete',
      summary: 'Records a presigned upload once its bytes are in the bucket',
      description:
        'For object storage, where the browser PUTs straight to the bucket. The bytes are checked ' +
        'as an upload through this server would be: type, size, quota.',
      auth: 'member',
      body: completeUploadSchema,
      responses: { 200: uploadResultSchema, 201: uploadResultSchema },
      errors: [403, 409, 413, 415],
      async handler({ body }, req, res) {
        const grant = openGrant(media.signer, body.token, PRESIGNED_UPLOAD_SECONDS);
        requireSelf(grant.userId, memberIdOf(req));
        const existing = await readFileByKey(db, grant.key);
        if (existing) {
          res.json(uploadResult(existing));
          return;
        }
        const source = await media.storage.read(originalPath(grant.key));
        if (!source) throw notUploadedYet();
        const rules = await media.uploader.rulesFor(grant.userId);
        let row: FileRow;
        try {
          const staged = await stageUpload(source, grant.name, {
            ...rules,
            exactBytes: grant.size,
          });
          [row] = (await media.uploader.record([staged], {
            ownerId: grant.userId,
            folder: grant.folder,
            ctx: contextOf(req),
            isPublic: false,
            keepLocation: false,
            key: { fileId: grant.fileId, key: grant.key },
            alreadyStored: true,
          })) as [FileRow];
        } catch (error) {
          await media.storage.delete([originalPath(grant.key)]);
          throw error;
        }
        res.status(201).json(uploadResult(row));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/upload/presigned',
      summary: 'Grants one upload by a signed, expiring PUT URL',
      description:
        "With disk storage the URL is this server's `PUT /api/upload/signed`; with object storage " +
        'it is the bucket itself, and `POST /api/upload/presigned/complete` records the file after.',
      auth: 'member',
      body: presignRequestSchema,
      responses: { 200: presignResultSchema },
      errors: [403, 413, 415],
      async handler({ body }, req, res) {
        requireSelf(body.userId, memberIdOf(req));
        const { used } = await readUsage(db, body.userId);
        const quota = config.MEDIA_QUOTA_BYTES;
        const grant = grantUpload(body, {
          allowedTypes: media.uploader.allowedTypes,
          maxBytes: config.MEDIA_MAX_FILE_BYTES,
          left: Math.max(0, quota - used),
          overQuota: () => quotaExceeded(used, quota),
        });
        const token = media.signer.seal(grant);
        const bucketUrl = await media.storage.presignPut(
          originalPath(grant.key),
          grant.contentType,
          PRESIGNED_UPLOAD_SECONDS,
          grant.size,
        );
        res.json({
          uploadUrl:
            bucketUrl ?? `${config.publicUrl}/api/upload/signed?token=${encodeURIComponent(token)}`,
          key: grant.key,
          contentType: grant.contentType,
          completeToken: token,
          method: 'PUT' as const,
          expiresAt: new Date(grant.exp * 1000).toISOString(),
        });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/upload/signed',
      summary: 'Receives the bytes of a presigned upload (disk storage)',
      description:
        'The token in the URL is the credential: no session is needed. As with a bucket, the PUT ' +
        'is bound to its grant: it must carry the `contentType` the grant answered, and exactly ' +
        'the `size` the grant declared, if it declared one.',
      auth: 'public',
      query: z.object({ token: z.string().min(1).max(4096) }),
      streamedBody: {
        contentType: 'application/octet-stream',
        description: "The file, whole, sent as the grant's `contentType`",
      },
      responses: { 201: uploadResultSchema },
      errors: [403, 409, 413, 415],
      async handler({ query }, req, res) {
        const grant = openGrant(media.signer, query.token);
        if (await readFileByKey(db, grant.key)) throw alreadyUploaded();
        // As the bucket's presigned PUT: the type said is the one granted (the bytes are checked
        // for an allowed type as they arrive), and the size, when declared, is the size sent.
        if (req.is(grant.contentType) === false) throw typeNotDeclared(grant);
        const row = await media.uploader.fromStream(req, grant.name, {
          declaredSize: grant.size,
          ownerId: grant.userId,
          folder: grant.folder,
          ctx: { ...contextOf(req), actorId: grant.userId },
          isPublic: false,
          keepLocation: false,
          key: { fileId: grant.fileId, key: grant.key },
        });
        res.status(201).json(uploadResult(row));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/upload/:userId/:type/multiple',
      summary: 'Uploads up to 10 files at once, all or none',
      auth: 'member',
      params: folderParams,
      streamedBody: multipart('files', 'The files'),
      responses: { 201: uploadManyResultSchema },
      errors: [403, 413, 415],
      async handler({ params }, req, res) {
        requireSelf(params.userId, memberIdOf(req));
        const rows = await media.uploader.fromMultipart(req, {
          ownerId: params.userId,
          folder: params.type,
          ctx: contextOf(req),
          field: 'files',
          maxFiles: config.MEDIA_MAX_FILES_PER_REQUEST,
        });
        res.status(201).json({ files: rows.map(uploadResult) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/upload/:userId/:type',
      summary: 'Uploads one file',
      auth: 'member',
      params: folderParams,
      streamedBody: multipart('file', 'The file'),
      responses: { 201: uploadResultSchema },
      errors: [403, 413, 415],
      async handler({ params }, req, res) {
        requireSelf(params.userId, memberIdOf(req));
        const [row] = await media.uploader.fromMultipart(req, {
          ownerId: params.userId,
          folder: params.type,
          ctx: contextOf(req),
          field: 'file',
          maxFiles: 1,
        });
        res.status(201).json(uploadResult(row!));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/files/upload',
      summary: "Uploads a post editor's image (public, at most 5 MB)",
      auth: 'member',
      streamedBody: {
        contentType: 'multipart/form-data',
        description: 'An image for a post, readable by whoever reads the post',
        fields: { file: { binary: true, description: 'The image' } },
      },
      responses: { 201: editorUploadResultSchema },
      errors: [413, 415],
      async handler(_input, req, res) {
        const [row] = await media.uploader.fromMultipart(req, {
          ownerId: memberIdOf(req),
          folder: 'posts',
          ctx: contextOf(req),
          field: 'file',
          maxFiles: 1,
          allowedTypes: ['image/*'],
          maxBytes: FEATURED_IMAGE_MAX_BYTES,
          publicByDefault: true,
        });
        res.status(201).json({ location: present(row!).url, key: row!.key });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/download/:key',
      summary: 'A signed, expiring download link to a file',
      auth: 'member',
      params: keyParams,
      query: expiresInSchema,
      responses: { 200: downloadUrlSchema },
      errors: [404],
      async handler({ params, query }, req, res) {
        const row = await visibleFile(params.key, memberIdOf(req));
        const seconds = query.expiresIn ?? DOWNLOAD_EXPIRY_SECONDS;
        const exp = Math.floor(Date.now() / 1000) + seconds;
        const bucketUrl = await media.storage.presignGet(originalPath(row.key), seconds, {
          filename: row.name,
          contentType: servedType(row.mime_type),
        });
        res.json({
          downloadUrl: bucketUrl ?? media.urls.signedUrl(row.key, exp, 'download'),
          expiresAt: new Date(exp * 1000).toISOString(),
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/files',
      summary: "The member's files of one kind in one tab, newest first",
      auth: 'member',
      query: filesQuerySchema,
      responses: { 200: filesPageSchema },
      async handler({ query }, req, res) {
        const page = await readFilesPage(db, memberIdOf(req), query);
        res.json({ files: page.rows.map(present), nextCursor: page.nextCursor });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/files/usage',
      summary: "The member's storage: bytes used, the quota, how many files",
      auth: 'member',
      responses: { 200: storageUsageSchema },
      async handler(_input, req, res) {
        const usage = await readUsage(db, memberIdOf(req));
        res.json({ ...usage, quota: config.MEDIA_QUOTA_BYTES });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/files/archive',
      summary: 'Downloads files as one zip, streamed',
      auth: 'member',
      query: archiveQuerySchema,
      responses: { 200: { description: 'A zip of the files', contentType: 'application/zip' } },
      errors: [404],
      async handler({ query }, req, res) {
        const viewerId = memberIdOf(req);
        const found = await readFilesByKeys(db, query.keys);
        const rows: FileRow[] = [];
        for (const key of new Set(query.keys)) {
          const row = found.find((r) => r.key === key);
          if (!row || !(await visibleTo(db, row, viewerId)))
            throw notFound(mediaMessages.fileNotFound);
          rows.push(row);
        }
        await sendZip(res, rows, media.storage, req.log);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/files/bulk',
      summary: "Stars, archives, shares or deletes several of the member's files at once",
      description: "All or nothing: a key that is not the member's refuses the whole request.",
      auth: 'member',
      body: bulkRequestSchema,
      responses: { 200: bulkResultSchema },
      errors: [403, 404],
      async handler({ body }, req, res) {
        const before = body.action === 'delete' ? await readFilesByKeys(db, body.keys) : [];
        const result = await commands.run(
          changeFiles,
          { actorId: memberIdOf(req), keys: body.keys, change: body.action },
          contextOf(req),
        );
        if (body.action === 'delete') await removeBytes(before);
        const rows = result.ids.length > 0 ? await readFilesByKeys(db, body.keys) : [];
        res.json({ files: rows.map(present), deleted: result.deleted });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/files/:key/info',
      summary: "A file's details",
      auth: 'member',
      params: keyParams,
      responses: { 200: fileInfoSchema },
      errors: [404],
      async handler({ params }, req, res) {
        res.json({ metadata: present(await visibleFile(params.key, memberIdOf(req))) });
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/files/:key',
      summary: 'Stars, archives, tags, describes or shares a file',
      auth: 'member',
      params: keyParams,
      body: fileUpdateSchema,
      responses: { 200: mediaFileSchema },
      errors: [403, 404],
      async handler({ params, body }, req, res) {
        await commands.run(
          changeFiles,
          { actorId: memberIdOf(req), keys: [params.key], change: body },
          contextOf(req),
        );
        res.json(present(await visibleFile(params.key, memberIdOf(req))));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/files/:key',
      summary: 'Deletes a file, its bytes and its variants',
      auth: 'member',
      params: keyParams,
      responses: { 204: null },
      errors: [403, 404],
      async handler({ params }, req, res) {
        const before = await readFilesByKeys(db, [params.key]);
        await commands.run(
          changeFiles,
          { actorId: memberIdOf(req), keys: [params.key], change: 'delete' },
          contextOf(req),
        );
        await removeBytes(before);
        res.status(204).end();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/files/:key/view',
      summary: 'Counts one play of a video',
      auth: 'member',
      params: keyParams,
      responses: { 200: viewResultSchema },
      errors: [404],
      async handler({ params }, req, res) {
        const counted = await commands.run(
          recordView,
          { viewerId: memberIdOf(req), key: params.key },
          contextOf(req),
        );
        if (!counted) throw notFound(mediaMessages.fileNotFound);
        res.json(counted);
      },
    }),
    defineRoute({
      method: 'put',
      path: '/files/:key/poster',
      summary: "Sets a video's thumbnail from a frame the browser took",
      auth: 'member',
      params: keyParams,
      streamedBody: {
        contentType: 'application/octet-stream',
        description: 'An image (JPEG, PNG or WebP)',
      },
      responses: { 200: mediaFileSchema },
      errors: [403, 404, 413, 415],
      async handler({ params }, req, res) {
        const ownerId = memberIdOf(req);
        const row = await visibleFile(params.key, ownerId);
        if (row.owner_id !== ownerId) throw forbidden('not-owner', mediaMessages.notYourFile);
        const posterKey = posterKeyOf(row.id);
        await renderPoster(req, media.storage, originalPath(posterKey));
        await media.storage.deletePrefix(variantsPrefix(posterKey));
        await commands.run(
          setPoster,
          { actorId: ownerId, key: params.key, posterKey },
          contextOf(req),
        );
        res.json(present(await visibleFile(params.key, ownerId)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/cdn/health',
      summary: 'Whether files are being served: healthy, degraded or down, from real checks',
      auth: 'member',
      responses: { 200: cdnHealthSchema },
      async handler(_input, _req, res) {
        res.json(await media.cdn.health());
      },
    }),
    defineRoute({
      method: 'post',
      path: '/cdn/purge',
      summary: "Drops the cached variants of one's files, and the CDN provider's copies",
      description: 'Files are keys or their URLs. A member purges their own files; an owner any.',
      auth: 'member',
      body: purgeRequestSchema,
      responses: { 200: purgeResultSchema },
      errors: [403, 404],
      async handler({ body }, req, res) {
        const session = sessionOf(req);
        const keys = body.files.map((entry) => {
          const key = keyOfPurgeEntry(entry);
          if (!key) throw notFound(mediaMessages.fileNotFound);
          return key;
        });
        const rows = await readFilesByKeys(db, keys);
        const operator = session.user.role === 'owner';
        for (const key of new Set(keys)) {
          const row = rows.find((r) => r.key === key);
          if (!row || (!operator && !(await visibleTo(db, row, session.userId)))) {
            throw notFound(mediaMessages.fileNotFound);
          }
          if (!operator && row.owner_id !== session.userId) {
            throw forbidden('not-owner', mediaMessages.notYourFile);
          }
        }
        const allKeys = rows.flatMap((row) =>
          row.poster_key ? [row.key, row.poster_key] : [row.key],
        );
        const variantsRemoved = await media.cdn.dropVariants(allKeys);
        const provider = await media.cdn.purgeProvider(
          rows.map((row) => ({ key: row.key, isImage: row.kind === 'image' })),
        );
        res.json({ purged: rows.length, variantsRemoved, provider });
      },
    }),
  ];
}
