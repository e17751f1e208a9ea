import {
  DEFAULT_ALLOWED_TYPES,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  mediaMessages,
} from '../../../../shared/media';
import { formatBytes } from '../../../../shared/format';

/**
 * What a widget takes: the image and video libraries take only their own kind (001 §5); a post
 * takes images and videos.
 */
export type UploadKind = 'image' | 'video' | 'media' | 'any';

/** The parts of a browser `File` the checks read, so they run without a DOM. */
export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface UploadRules {
  /** Patterns as an `accept` attribute writes them: `image/*` or an exact type. */
  allowedTypes: readonly string[];
  maxFiles: number;
  maxBytes: number;
}

const TYPES_OF_KIND: Record<UploadKind, readonly string[]> = {
  image: ['image/*'],
  video: ['video/*'],
  media: ['image/*', 'video/*'],
  any: DEFAULT_ALLOWED_TYPES,
};

export function rulesFor(kind: UploadKind): UploadRules {
  return {
    allowedTypes: TYPES_OF_KIND[kind],
    maxFiles: MAX_FILES_PER_REQUEST,
    maxBytes: MAX_FILE_BYTES,
  };
}

export function typeAllowed(type: string, patterns: readonly string[]): boolean {
  const wanted = type.toLowerCase();
  return patterns.some((pattern) =>
    pattern.endsWith('/*') ? wanted.startsWith(pattern.slice(0, -1)) : wanted === pattern,
  );
}

/** Why one file cannot be sent, or null. The type comes first: it is the one the member can't fix. */
export function fileProblem(file: FileLike, rules: UploadRules): string | null {
  if (!typeAllowed(file.type, rules.allowedTypes)) {
    // Browsers give an empty type for extensions they don't know; the message still needs a word.
    return mediaMessages.typeNotAllowed(file.type || 'unknown', rules.allowedTypes);
  }
  if (file.size === 0) return mediaMessages.fileEmpty;
  if (file.size > rules.maxBytes)
    return mediaMessages.fileSizeExceeded(formatBytes(rules.maxBytes));
  return null;
}

export interface Rejection<F extends FileLike> {
  file: F;
  message: string;
}

export interface Screening<F extends FileLike> {
  accepted: F[];
  rejected: Rejection<F>[];
  /** Set when the valid files would not fit: then none of them is taken. */
  tooMany: string | null;
}

/**
 * Sorts a drop or a pick into the files to add and the ones refused. `held` is how many files the
 * widget already counts against the limit. A drop that does not fit is refused whole rather than
 * cut at an arbitrary file, so the member decides which files to leave out.
 */
export function screenFiles<F extends FileLike>(
  files: readonly F[],
  held: number,
  rules: UploadRules,
): Screening<F> {
  const accepted: F[] = [];
  const rejected: Rejection<F>[] = [];
  for (const file of files) {
    const message = fileProblem(file, rules);
    if (message) rejected.push({ file, message });
    else accepted.push(file);
  }
  if (accepted.length > 0 && held + accepted.length > rules.maxFiles) {
    return { accepted: [], rejected, tooMany: mediaMessages.tooManyFiles(rules.maxFiles) };
  }
  return { accepted, rejected, tooMany: null };
}
