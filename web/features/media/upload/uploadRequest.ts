import { apiErrorSchema } from '../../../../shared/api/errors';
import { uploadResultSchema, type FileKind, type UploadResult } from '../../../../shared/media';

/** The folder each kind of file is filed under (`/upload/{userId}/{type}`). */
const FOLDER_OF_KIND: Record<FileKind, string> = {
  image: 'images',
  video: 'videos',
  audio: 'audio',
  document: 'documents',
  other: 'files',
};

export function uploadPath(userId: string, kind: FileKind): string {
  return `/api/upload/${encodeURIComponent(userId)}/${FOLDER_OF_KIND[kind]}`;
}

const NETWORK_FAILURE = 'The upload could not reach the server. Check your connection.';
const UNEXPECTED_ANSWER = 'The server sent an answer the app does not understand.';

/** The server's own message from its `{ error }` body, else the spec's generic backend text. */
export function failureReason(status: number, statusText: string, body: string): string {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data.error.message;
  } catch {
    // Not JSON: a proxy's error page, say. The status line is all there is to tell.
  }
  return `Backend API error: ${status} ${statusText}`.trim();
}

/** Thrown when the row's own removal cancelled the request: nothing to tell the member. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface SentForm<T> {
  result: Promise<T>;
  abort: () => void;
}

export type UploadHandle = SentForm<UploadResult>;

export interface FormRequest<T> {
  url: string;
  form: FormData;
  /** Reads the success body; a throw reads as an answer the app does not understand. */
  parse: (body: unknown) => T;
  onProgress: (sent: number, total: number) => void;
}

/**
 * One multipart form in one request. XMLHttpRequest rather than fetch, because fetch reports no
 * upload progress. The session cookie rides along; the browser adds the Origin header the server
 * checks.
 */
export function sendForm<T>({ url, form, parse, onProgress }: FormRequest<T>): SentForm<T> {
  const xhr = new XMLHttpRequest();
  const result = new Promise<T>((resolve, reject) => {
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(failureReason(xhr.status, xhr.statusText, xhr.responseText)));
        return;
      }
      try {
        resolve(parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new Error(UNEXPECTED_ANSWER));
      }
    });
    xhr.addEventListener('error', () => reject(new Error(NETWORK_FAILURE)));
    xhr.addEventListener('abort', () => reject(new UploadCancelled()));
  });
  xhr.open('POST', url);
  xhr.withCredentials = true;
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.send(form);
  return { result, abort: () => xhr.abort() };
}

export interface UploadRequest {
  url: string;
  file: File;
  isPublic: boolean;
  onProgress: (sent: number, total: number) => void;
}

/** One file of the upload widget, as `POST /api/upload/{userId}/{type}` takes it. */
export function sendUpload({ url, file, isPublic, onProgress }: UploadRequest): UploadHandle {
  const form = new FormData();
  form.append('isPublic', String(isPublic));
  form.append('file', file, file.name);
  return sendForm({ url, form, parse: (body) => uploadResultSchema.parse(body), onProgress });
}
