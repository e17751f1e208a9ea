import { fileTypeFromBuffer } from 'file-type';

/** file-type reads at most this much of the start of a file to know it. */
export const SNIFF_BYTES = 4100;

export interface SniffedType {
  mime: string;
  ext: string;
}

const TEXT_TYPES: Record<string, SniffedType> = {
  txt: { mime: 'text/plain', ext: 'txt' },
  md: { mime: 'text/markdown', ext: 'md' },
  csv: { mime: 'text/csv', ext: 'csv' },
  tsv: { mime: 'text/tab-separated-values', ext: 'tsv' },
  log: { mime: 'text/plain', ext: 'log' },
  json: { mime: 'application/json', ext: 'json' },
  html: { mime: 'text/html', ext: 'html' },
  htm: { mime: 'text/html', ext: 'html' },
  css: { mime: 'text/css', ext: 'css' },
  svg: { mime: 'image/svg+xml', ext: 'svg' },
  xml: { mime: 'text/xml', ext: 'xml' },
};

const UNKNOWN: SniffedType = { mime: 'application/octet-stream', ext: 'bin' };

/** Text is what decodes as UTF-8 and holds no NUL: the bytes say so, not the name. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  // A cut in the middle of a character at the end of the sample is not a reason to refuse.
  const sample = complete ? head : head.subarray(0, Math.max(0, head.length - 4));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a file from its first bytes. Binary formats are known by their signatures; a file
 * with none that reads as text is text, named by its extension among the text types (so an
 * `.svg` or `.html` is recorded as what it is, and served as an attachment), else plain text.
 */
export async function sniffType(
  head: Buffer,
  filename: string,
  complete: boolean,
): Promise<SniffedType> {
  const known = await fileTypeFromBuffer(head);
  if (known) return { mime: known.mime, ext: known.ext };
  if (head.length === 0 || !looksLikeText(head, complete)) return UNKNOWN;
  const ext = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase();
  return (ext && TEXT_TYPES[ext]) || TEXT_TYPES.txt!;
}

/** `image/*` allows every image; `application/pdf` allows exactly that. */
export function typeAllowed(mime: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern,
  );
}

/**
 * Types a browser may show in the page. Everything else (HTML, SVG, scripts) is sent as an
 * attachment, so uploaded markup never runs as this site.
 */
export function servedInline(mime: string): boolean {
  if (mime === 'image/svg+xml') return false;
  return (
    mime.startsWith('image/') ||
    mime.startsWith('video/') ||
    mime.startsWith('audio/') ||
    mime === 'application/pdf' ||
    mime === 'text/plain'
  );
}

/** The Content-Type a file is served with: text other than plain text goes as plain text. */
export function servedType(mime: string): string {
  if (mime.startsWith('text/') || mime === 'application/json') return 'text/plain; charset=utf-8';
  if (mime === 'image/svg+xml') return 'application/octet-stream';
  return mime;
}
