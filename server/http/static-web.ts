import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { parse as parseCookies } from 'cookie';
import express, { type Request, type Response, type Router } from 'express';
import { SESSION_COOKIE } from '../../shared/constants';
import { prerenderedFile } from '../../shared/prerendered';

/** Vite names everything it emits under `assets/` by content hash: it never changes. */
const HASHED_DIR = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (index.html above all) may change with any deploy: revalidate every time. */
const REVALIDATE = 'no-cache';
/** A page drawn for one member: no shared cache may keep it, and it is never reused unasked. */
const PERSONAL = 'private, no-cache';

/** The build writes these next to each compressible file (see `vite.config.ts`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The quality the client gives each coding in `Accept-Encoding` (RFC 9110 §12.5.3): a coding
 * that is not named takes `*`'s value, or is unacceptable; `q=0` refuses it.
 */
export function acceptedEncodings(header: string | undefined): Set<Encoding['name']> {
  const quality = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepted = new Set<Encoding['name']>();
  for (const { name } of ENCODINGS) {
    if ((quality.get(name) ?? quality.get('*') ?? 0) > 0) accepted.add(name);
  }
  return accepted;
}

/**
 * The file a URL path names under the web root, as a relative path; null for anything that is
 * not a plain file name (`..`, dot-files such as the build's `.vite/`, encoded separators).
 */
function relativeFile(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.length === 0 || segments.some((segment) => segment.startsWith('.'))) return null;
  return segments.join('/');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `relative` (a file under `root`) in the best precompressed coding the client accepts,
 * with the type and cache policy of the original; false when there is no such file.
 */
async function sendBest(
  root: string,
  relative: string,
  req: Request,
  res: Response,
): Promise<boolean> {
  const file = path.join(root, relative);
  if (!(await isFile(file))) return false;
  const variants: Encoding[] = [];
  for (const encoding of ENCODINGS) {
    if (await isFile(file + encoding.suffix)) variants.push(encoding);
  }
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const chosen = variants.find((encoding) => accepted.has(encoding.name));

  // Caches must keep one copy per coding of a file that has several.
  if (variants.length > 0) res.vary('Accept-Encoding');
  res.type(path.extname(relative));
  res.setHeader('Cache-Control', relative.startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
  if (chosen) res.setHeader('Content-Encoding', chosen.name);

  try {
    await new Promise<void>((resolve, reject) => {
      // `sendFile` keeps the Content-Type set above; ETag and Last-Modified are the sent file's,
      // so each coding has its own validator. The path is given relative to `root`: `sendFile`
      // refuses any path with a segment that starts with a dot, and an absolute one would have
      // the folder the app is installed in judged too (`~/.local/src/agora`). `relativeFile`
      // has already refused dot segments in what the URL names.
      res.sendFile(
        chosen ? relative + chosen.suffix : relative,
        { root, cacheControl: false },
        (error) => (error && !res.headersSent ? reject(error) : resolve()),
      );
    });
  } catch (error) {
    // The answer is now an error's: it must claim neither the file's coding nor its caching.
    for (const header of ['Content-Encoding', 'Cache-Control', 'Content-Type']) {
      res.removeHeader(header);
    }
    throw error;
  }
  return true;
}

const compress = {
  // Quality 5 of 11: most of brotli's gain on HTML at a few milliseconds per page drawn.
  br: (page: string) =>
    promisify(brotliCompress)(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (page: string) => promisify(gzip)(page),
} satisfies Record<Encoding['name'], (page: string) => Promise<Buffer>>;

/** Sends a page drawn for this request, compressed as the client accepts. */
async function sendDrawn(page: string, req: Request, res: Response): Promise<void> {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const chosen = ENCODINGS.find((encoding) => accepted.has(encoding.name));
  const body = chosen ? await compress[chosen.name](page) : Buffer.from(page);
  res.vary('Accept-Encoding').vary('Cookie');
  res.type('html');
  res.setHeader('Cache-Control', PERSONAL);
  if (chosen) res.setHeader('Content-Encoding', chosen.name);
  res.send(body);
}

/**
 * Serves the built web app from `webDir`: its files, precompressed when the client accepts
 * brotli or gzip, a visitor page drawn at build time where there is one, and `index.html` for
 * every other path the app's router handles, or the page `drawFirstScreen` draws for it (a
 * member's page: `first-screen.ts`). A missing hashed asset (a tab from before a deploy) is a 404,
 * not the HTML page in place of a script.
 */
export function staticWeb(
  webDir: string,
  drawFirstScreen?: (req: Request) => Promise<string | null>,
): Router {
  const root = path.resolve(webDir);
  const router = express.Router();
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const relative = relativeFile(req.path);
    const serve = async () => {
      if (relative && (await sendBest(root, relative, req, res))) return;
      if (relative?.startsWith(HASHED_DIR)) return next();
      // A visitor's page drawn at build time. A request with a session may be a member's, whom
      // the app sends on from a visitor's page: it gets the loading frame, as before.
      const drawn = relative === null ? null : prerenderedFile(relative);
      const visitor = () => !parseCookies(req.headers.cookie ?? '')[SESSION_COOKIE];
      if (drawn && visitor() && (await sendBest(root, drawn, req, res))) return;
      const page = drawFirstScreen ? await drawFirstScreen(req) : null;
      if (page !== null) return sendDrawn(page, req, res);
      if (!(await sendBest(root, 'index.html', req, res))) next();
    };
    serve().catch(next);
  });
  return router;
}
