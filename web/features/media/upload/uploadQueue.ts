import { kindOfMime, mediaMessages, type FileKind, type MediaFile } from '../../../../shared/media';
import { bytesPerSecond, secondsLeft, withSample, type RateSample } from './transferRate';
import type { FileLike } from './validateFiles';

/**
 * pending: chosen, not asked for yet; queued: asked for, waiting for a free connection;
 * uploading: bytes on the way; done and failed: settled.
 */
export type UploadStatus = 'pending' | 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadRow<F extends FileLike = File> {
  id: string;
  file: F;
  kind: FileKind;
  /** Private by default (001 §9); fixed once the upload starts, as it is sent with the bytes. */
  isPublic: boolean;
  status: UploadStatus;
  /** Bytes of the file sent so far. */
  loaded: number;
  samples: readonly RateSample[];
  error: string | null;
  uploaded: MediaFile | null;
}

export interface QueueState<F extends FileLike = File> {
  rows: readonly UploadRow<F>[];
  /** The rows of the current round (an Upload click, or a retry when idle), reported together. */
  batch: readonly string[];
}

export type QueueAction<F extends FileLike = File> =
  | { type: 'added'; entries: readonly { id: string; file: F }[] }
  | { type: 'removed'; id: string }
  | { type: 'cleared' }
  | { type: 'visibilitySet'; id: string; isPublic: boolean }
  | { type: 'uploadRequested' }
  | { type: 'retried'; id: string }
  | { type: 'started'; id: string; at: number }
  /** `sent` of `total` request bytes: the multipart body is a little larger than the file. */
  | { type: 'progressed'; id: string; sent: number; total: number; at: number }
  | { type: 'succeeded'; id: string; file: MediaFile }
  | { type: 'failed'; id: string; reason: string }
  | { type: 'batchReported' };

export function emptyQueue<F extends FileLike = File>(): QueueState<F> {
  return { rows: [], batch: [] };
}

const fresh = { loaded: 0, samples: [], error: null, uploaded: null } as const;

function update<F extends FileLike>(
  state: QueueState<F>,
  id: string,
  when: UploadStatus,
  change: (row: UploadRow<F>) => Partial<UploadRow<F>>,
): QueueState<F> {
  let changed = false;
  const rows = state.rows.map((row) => {
    if (row.id !== id || row.status !== when) return row;
    changed = true;
    return { ...row, ...change(row) };
  });
  return changed ? { ...state, rows } : state;
}

/** The file's share of the request bytes, which also carry the form's boundaries and fields. */
export function fileBytesSent(size: number, sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(size, Math.round((size * Math.min(sent, total)) / total));
}

export function queueReducer<F extends FileLike>(
  state: QueueState<F>,
  action: QueueAction<F>,
): QueueState<F> {
  switch (action.type) {
    case 'added':
      return {
        ...state,
        rows: [
          ...state.rows,
          ...action.entries.map(({ id, file }) => ({
            id,
            file,
            kind: kindOfMime(file.type),
            isPublic: false,
            status: 'pending' as const,
            ...fresh,
          })),
        ],
      };
    case 'removed':
      return {
        rows: state.rows.filter((row) => row.id !== action.id),
        batch: state.batch.filter((id) => id !== action.id),
      };
    case 'cleared':
      return emptyQueue();
    case 'visibilitySet':
      return update(state, action.id, 'pending', () => ({ isPublic: action.isPublic }));
    case 'uploadRequested': {
      const asked = state.rows.filter((row) => row.status === 'pending').map((row) => row.id);
      if (asked.length === 0) return state;
      return {
        rows: state.rows.map((row) =>
          row.status === 'pending' ? { ...row, status: 'queued' as const } : row,
        ),
        batch: [...state.batch, ...asked],
      };
    }
    case 'retried': {
      const next = update(state, action.id, 'failed', () => ({ status: 'queued', ...fresh }));
      return next === state ? state : { ...next, batch: [...next.batch, action.id] };
    }
    case 'started':
      return update(state, action.id, 'queued', () => ({
        status: 'uploading',
        samples: [{ at: action.at, loaded: 0 }],
      }));
    case 'progressed':
      return update(state, action.id, 'uploading', (row) => {
        const loaded = fileBytesSent(row.file.size, action.sent, action.total);
        return { loaded, samples: withSample(row.samples, { at: action.at, loaded }) };
      });
    case 'succeeded':
      return update(state, action.id, 'uploading', (row) => ({
        status: 'done',
        loaded: row.file.size,
        samples: [],
        uploaded: action.file,
      }));
    case 'failed':
      return update(state, action.id, 'uploading', () => ({
        status: 'failed',
        samples: [],
        error: action.reason,
      }));
    case 'batchReported':
      // Only a settled round closes, so rows still on the way are never left out of the report.
      return batchOutcome(state) ? { ...state, batch: [] } : state;
  }
}

const isActive = (row: UploadRow<FileLike>) =>
  row.status === 'queued' || row.status === 'uploading';

export function isBusy(state: QueueState<FileLike>): boolean {
  return state.rows.some(isActive);
}

export function countOf(state: QueueState<FileLike>, status: UploadStatus): number {
  return state.rows.filter((row) => row.status === status).length;
}

/** Rows that count against the widget's limit: uploaded ones stay listed but make room. */
export function heldCount(state: QueueState<FileLike>): number {
  return state.rows.filter((row) => row.status !== 'done').length;
}

/** The queued rows to start now so that at most `limit` upload at once, in the order added. */
export function rowsToStart<F extends FileLike>(
  state: QueueState<F>,
  limit: number,
): UploadRow<F>[] {
  const free = limit - countOf(state, 'uploading');
  if (free <= 0) return [];
  return state.rows.filter((row) => row.status === 'queued').slice(0, free);
}

/** Rows that must have a request on the way; any other request is for a row gone or settled. */
export function activeIds(state: QueueState<FileLike>): Set<string> {
  return new Set(state.rows.filter(isActive).map((row) => row.id));
}

export interface BatchOutcome {
  uploaded: MediaFile[];
  total: number;
  /** The file's name when the round had one file. */
  onlyName: string | null;
}

/** The round's result once every row in it has settled; rows removed meanwhile leave it. */
export function batchOutcome<F extends FileLike>(state: QueueState<F>): BatchOutcome | null {
  if (state.batch.length === 0) return null;
  const ids = new Set(state.batch);
  const rows = state.rows.filter((row) => ids.has(row.id));
  if (rows.some(isActive)) return null;
  return {
    uploaded: rows.flatMap((row) => (row.uploaded ? [row.uploaded] : [])),
    total: rows.length,
    onlyName: rows.length === 1 ? rows[0]!.file.name : null,
  };
}

export interface Summary {
  tone: 'success' | 'warning';
  text: string;
}

/**
 * The closing toast of a round. A round where nothing arrived has none: each failure was already
 * told by name, and 'Successfully uploaded 0 of N files' would only repeat it.
 */
export function summaryOf(outcome: BatchOutcome): Summary | null {
  const done = outcome.uploaded.length;
  if (done === 0) return null;
  if (outcome.onlyName !== null) {
    return { tone: 'success', text: mediaMessages.uploadedOne(outcome.onlyName) };
  }
  return {
    tone: done === outcome.total ? 'success' : 'warning',
    text: mediaMessages.uploadedSome(done, outcome.total),
  };
}

export interface RowProgress {
  percent: number;
  rate: number | null;
  secondsLeft: number | null;
}

export function progressOf(row: UploadRow<FileLike>): RowProgress {
  const size = row.file.size;
  const percent = size > 0 ? Math.floor((row.loaded * 100) / size) : 0;
  const rate = bytesPerSecond(row.samples);
  return { percent, rate, secondsLeft: secondsLeft(row.loaded, size, rate) };
}
