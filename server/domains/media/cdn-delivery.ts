import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { create as contentDisposition } from 'content-disposition';
import express, { type Request, type Response, type Router } from 'express';
import rangeParser from 'range-parser';
import {
  CDN_CACHE_TTL_SECONDS,
  mediaMessages,
  transformSchema,
  type Transform,
} from '../../../shared/media';
import { forbidden, invalid, notFound } from '../../core/errors';
import type { Db } from '../../db/schema';
import type { ObjectStorage } from '../../storage/object-storage';
import {
  visibleWithoutPostgres,
  type CdnAccessCache,
  type DeliveredFile,
} from './cdn-access-cache';
import { servedInline, servedType } from './content-type';
import { isFileKey, originalPath, variantPath } from './file-keys';
import { readFileForViewer } from './files-read';
import {
  hasTransform,
  outputFormatOf,
  renderVariant,
  variantNameOf,
  type VariantQueue,
} from './image-transforms';
import type { UrlSigner } from './url-signing';

export interface DeliveryDeps {
  db: Db;
  storage: ObjectStorage;
  signer: UrlSigner;
  variants: VariantQueue;
  /** Files' rows and readers' blocks, kept per process (see cdn-access-cache.ts). */
  access: CdnAccessCache;
}

const NO_BLOCKS: ReadonlySet<string> = new Set();

/** The query words that sign a link, apart from the transform's. */
const LINK_PARAMS = new Set(['exp', 'sig', 'dl']);

interface Access {
  /** By a signed link rather than by who is asking. */
  signed: boolean;
  /** Seconds the link still lives, for its Cache-Control. */
  lifetime: number;
  download: boolean;
}

/** Splits the query into the link's signature and the transform, refusing anything unknown. */
function readQuery(query: Request['query']): {
  link: Record<string, string>;
  transform: Transform;
} {
  const link: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string') throw invalid('bad-parameter', `Give ${name} once.`);
    if (LINK_PARAMS.has(name)) link[name] = value;
    else rest[name] = value;
  }
  const parsed = transformSchema.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name =
      issue.path.join('.') ||
      (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'query');
    throw invalid('bad-transform', `Bad image parameter ${name}: ${issue.message}`);
  }
  return { link, transform: parsed.data };
}

/**
 * Whether the member may read the file by the relations policy: judged from the cached row and
 * the reader's cached blocks when that can be done; a private file of someone else's asks
 * Postgres, since a post it is attached to may show it to the reader.
 */
async function mayRead(
  deps: DeliveryDeps,
  key: string,
  file: DeliveredFile,
  viewerId: string,
): Promise<boolean> {
  const blocked =
    file.is_public && file.owner_id !== viewerId
      ? await deps.access.blockedEitherWay(deps.db, viewerId)
      : NO_BLOCKS;
  const judged = visibleWithoutPostgres(file, viewerId, blocked);
  if (judged !== undefined) return judged;
  return (await readFileForViewer(deps.db, key, viewerId))?.visible === true;
}

/**
 * Who may read: a signed link (its holder, whoever they are) or the member asking, by the
 * relations policy. A file one may not read is not found; a link that no longer works says so.
 */
async function accessTo(
  deps: DeliveryDeps,
  key: string,
  file: DeliveredFile,
  link: Record<string, string>,
  viewerId: string | undefined,
): Promise<Access> {
  const download = link.dl === '1';
  if (link.sig !== undefined || link.exp !== undefined) {
    const exp = Number(link.exp);
    if (!link.sig || !deps.signer.verifyKey(key, exp, download ? 'download' : 'read', link.sig)) {
      throw forbidden('link-expired', mediaMessages.linkExpired);
    }
    return { signed: true, lifetime: Math.max(0, exp - Math.floor(Date.now() / 1000)), download };
  }
  if (!viewerId || !(await mayRead(deps, key, file, viewerId))) {
    throw notFound(mediaMessages.fileNotFound);
  }
  return { signed: false, lifetime: 0, download };
}

function cacheControl(row: DeliveredFile, access: Access): string {
  if (row.is_public && !access.signed) return `public, max-age=${CDN_CACHE_TTL_SECONDS}, immutable`;
  // Never in a shared cache; a signed link may sit in the holder's own cache while it lives.
  return access.signed
    ? `private, max-age=${Math.min(access.lifetime, CDN_CACHE_TTL_SECONDS)}`
    : 'private, no-cache';
}

const etagMatches = (req: Request, etag: string) =>
  (req.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

interface Served {
  fileId: string;
  storageKey: string;
  size: number;
  mime: string;
  etag: string;
  filename: string;
  /** Its bytes, when this process holds them in memory. */
  bytes?: Buffer;
}

/**
 * The bytes of a small object, from memory or read whole from storage and kept (`HotObjects`);
 * `undefined` for an object too large to keep, which is streamed instead.
 */
async function smallObject(deps: DeliveryDeps, served: Served): Promise<Buffer | undefined> {
  const { objects } = deps.access;
  if (served.bytes) return served.bytes;
  if (!objects.keeps(served.size)) return undefined;
  const kept = objects.get(served.storageKey);
  if (kept) return kept;
  const body = await deps.storage.read(served.storageKey);
  if (!body) throw notFound(mediaMessages.fileNotFound);
  const bytes = await buffer(body);
  objects.set(served.storageKey, served.fileId, bytes);
  return bytes;
}

/** Sends stored bytes with ETag, 304 and byte ranges (206), so videos seek. */
async function sendObject(
  deps: DeliveryDeps,
  req: Request,
  res: Response,
  served: Served,
  headers: Record<string, string>,
) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('etag', served.etag);
  res.setHeader('accept-ranges', 'bytes');
  res.setHeader('content-type', servedType(served.mime));
  if (etagMatches(req, served.etag)) {
    res.status(304).end();
    return;
  }
  let range: { start: number; end: number } | undefined;
  const asked = req.headers.range;
  if (asked && (!req.headers['if-range'] || req.headers['if-range'] === served.etag)) {
    const ranges = rangeParser(served.size, asked, { combine: true });
    if (ranges === -1) {
      res.setHeader('content-range', `bytes */${served.size}`);
      res.status(416).end();
      return;
    }
    // One range is what players ask for; several are answered with the whole file.
    if (ranges !== -2 && ranges.length === 1) range = ranges[0];
  }
  const length = range ? range.end - range.start + 1 : served.size;
  res.setHeader('content-length', String(length));
  if (range) {
    res.status(206);
    res.setHeader('content-range', `bytes ${range.start}-${range.end}/${served.size}`);
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const bytes = await smallObject(deps, served);
  if (bytes) {
    res.end(range ? bytes.subarray(range.start, range.end + 1) : bytes);
    return;
  }
  const body = await deps.storage.read(served.storageKey, range);
  if (!body) throw notFound(mediaMessages.fileNotFound);
  await pipeline(body, res).catch(() => {
    // The client went away mid-file: nothing to answer.
    body.destroy();
  });
}

async function deliver(deps: DeliveryDeps, req: Request, res: Response): Promise<void> {
  const key = String(req.params.key);
  if (!isFileKey(key)) throw notFound(mediaMessages.fileNotFound);
  const { link, transform } = readQuery(req.query);
  const row = await deps.access.file(deps.db, key);
  if (!row) throw notFound(mediaMessages.fileNotFound);
  const access = await accessTo(deps, key, row, link, req.session?.userId);
  const isPoster = key === row.poster_key;
  const mime = isPoster ? 'image/jpeg' : row.mime_type;
  const filename = isPoster ? `${row.name}.jpg` : row.name;
  const inline = servedInline(mime) && !access.download;
  const headers: Record<string, string> = {
    'cache-control': cacheControl(row, access),
    'x-content-type-options': 'nosniff',
    'content-disposition': contentDisposition(filename, { type: inline ? 'inline' : 'attachment' }),
    // Whatever a file holds, it never runs as this site.
    'content-security-policy':
      mime === 'application/pdf'
        ? "default-src 'none'; object-src 'self'"
        : "default-src 'none'; sandbox",
    'last-modified': row.uploaded_at.toUTCString(),
  };
  if (!hasTransform(transform)) {
    const storageKey = originalPath(key);
    const bytes = deps.access.objects.get(storageKey);
    const size = isPoster
      ? (bytes?.length ?? (await deps.storage.stat(storageKey))?.size)
      : row.size;
    if (size === undefined) throw notFound(mediaMessages.fileNotFound);
    const etag = isPoster ? `"poster-${row.version}"` : `"${row.sha256}"`;
    await sendObject(
      deps,
      req,
      res,
      { fileId: row.id, storageKey, size, mime, etag, filename, bytes },
      headers,
    );
    return;
  }
  if (!(isPoster || (row.kind === 'image' && servedInline(mime)))) {
    throw invalid('not-an-image', mediaMessages.transformsImagesOnly);
  }
  const name = variantNameOf(transform, mime);
  const storageKey = variantPath(key, name);
  const variantMime = `image/${outputFormatOf(transform, mime)}`;
  const etag = `"${isPoster ? `poster-${row.version}` : row.sha256.slice(0, 32)}-${name.split('.')[0]}"`;
  const bytes = deps.access.objects.get(storageKey);
  const size = bytes?.length ?? (await deps.storage.stat(storageKey))?.size;
  if (size !== undefined) {
    await sendObject(
      deps,
      req,
      res,
      { fileId: row.id, storageKey, size, mime: variantMime, etag, filename, bytes },
      headers,
    );
    return;
  }
  const made = await deps.variants.make(storageKey, async () => {
    const source = await deps.storage.read(originalPath(key));
    if (!source) throw notFound(mediaMessages.fileNotFound);
    const rendered = await renderVariant(source, transform, mime);
    await deps.storage.put(storageKey, rendered, variantMime);
    deps.access.objects.set(storageKey, row.id, rendered);
    return rendered;
  });
  for (const [header, value] of Object.entries(headers)) res.setHeader(header, value);
  res.setHeader('etag', etag);
  res.setHeader('content-type', variantMime);
  res.setHeader('content-length', String(made.length));
  if (req.method === 'HEAD') res.end();
  else res.end(made);
}

/**
 * `/cdn/<key>`: files and their image variants, by the same rules for every reader. `HEAD /cdn/`
 * answers while storage does: what a health check (or a CDN's origin check) asks.
 */
export function cdnRouter(deps: DeliveryDeps): Router {
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/:key', (req, res, next) => {
    deliver(deps, req, res).catch(next);
  });
  router.use((_req, _res, next) => next(notFound(mediaMessages.fileNotFound)));
  return router;
}
