import { accountMessages, exportFileName } from '../../../shared/account';

/** Where a download has got to: waiting for the first byte, then bytes received. */
export type ExportProgress = { phase: 'preparing' } | { phase: 'downloading'; bytes: number };

export class ExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportError';
  }
}

/** The file name the server gave (`attachment; filename=...`), else today's. */
export function fileNameOf(contentDisposition: string | null, now: Date = new Date()): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : exportFileName(now);
}

/** The button's label while a download runs. */
export function progressLabel(progress: ExportProgress): string {
  if (progress.phase === 'preparing') return accountMessages.preparingExport;
  const megabytes = progress.bytes / (1024 * 1024);
  return `Downloading… ${megabytes < 0.1 ? '<0.1' : megabytes.toFixed(1)} MB`;
}

/** The server's own refusal text when it sent one (a limit, a lost session), else ours. */
async function refusalOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string') return body.error.message;
  } catch {
    // Not JSON (a proxy's page): the general text says enough.
  }
  return accountMessages.exportFailed;
}

/**
 * Fetches the member's export, reporting bytes as they arrive (the zip is streamed, so its size
 * is not known up front), and answers it whole with the name to save it under.
 */
export async function fetchExport(
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  onProgress({ phase: 'preparing' });
  const response = await fetch('/api/me/export', { credentials: 'same-origin', signal });
  if (!response.ok || !response.body) throw new ExportError(await refusalOf(response));
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress({ phase: 'downloading', bytes });
  }
  return {
    blob: new Blob(chunks, { type: 'application/zip' }),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  };
}

/** Hands the blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
