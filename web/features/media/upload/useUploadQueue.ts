import { useEffect, useEffectEvent, useMemo, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { mediaMessages, type MediaFile } from '../../../../shared/media';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../auth';
import {
  activeIds,
  batchOutcome,
  emptyQueue,
  heldCount,
  queueReducer,
  rowsToStart,
  summaryOf,
  type QueueAction,
  type QueueState,
} from './uploadQueue';
import { sendUpload, UploadCancelled, uploadPath, type UploadHandle } from './uploadRequest';
import { screenFiles, type UploadRules } from './validateFiles';

/** Uploads at once: enough to fill a connection, few enough that each row shows steady progress. */
const CONCURRENCY = 3;

const reducer = (state: QueueState, action: QueueAction) => queueReducer(state, action);

export interface UploadQueue {
  state: QueueState;
  dispatch: (action: QueueAction) => void;
  /** Screens the files, tells the member about the refused ones and lists the rest. */
  add: (files: readonly File[]) => void;
  signedIn: boolean;
}

/**
 * The widget's rows, and the requests that follow them: a queued row gets a request when a
 * connection is free, and a request whose row was removed or cleared is aborted.
 */
export function useUploadQueue(
  rules: UploadRules,
  onUploaded: ((files: MediaFile[]) => void) | undefined,
): UploadQueue {
  const [state, dispatch] = useReducer(reducer, undefined, () => emptyQueue<File>());
  const userId = useAppSelector(selectSignedInUserId);
  const requests = useRef(new Map<string, UploadHandle>());
  // A counter, not crypto.randomUUID: that exists only on https or localhost.
  const lastRowId = useRef(0);

  useEffect(() => {
    const wanted = activeIds(state);
    for (const [id, request] of requests.current) {
      if (wanted.has(id)) continue;
      requests.current.delete(id);
      request.abort();
    }
    if (!userId) return;
    for (const row of rowsToStart(state, CONCURRENCY)) {
      if (requests.current.has(row.id)) continue;
      const request = sendUpload({
        url: uploadPath(userId, row.kind),
        file: row.file,
        isPublic: row.isPublic,
        onProgress: (sent, total) =>
          dispatch({ type: 'progressed', id: row.id, sent, total, at: performance.now() }),
      });
      requests.current.set(row.id, request);
      dispatch({ type: 'started', id: row.id, at: performance.now() });
      request.result.then(
        (result) => {
          requests.current.delete(row.id);
          dispatch({ type: 'succeeded', id: row.id, file: result.file });
        },
        (failure: unknown) => {
          requests.current.delete(row.id);
          if (failure instanceof UploadCancelled) return;
          const reason = failure instanceof Error ? failure.message : String(failure);
          toast.error(mediaMessages.uploadFailed(row.file.name, reason));
          dispatch({ type: 'failed', id: row.id, reason });
        },
      );
    }
  }, [state, userId]);

  useEffect(() => {
    const open = requests.current;
    return () => {
      for (const request of open.values()) request.abort();
      open.clear();
    };
  }, []);

  // An event, so a caller passing a new callback each render cannot report a round twice.
  const reportUploaded = useEffectEvent((files: MediaFile[]) => onUploaded?.(files));
  const outcome = useMemo(() => batchOutcome(state), [state]);
  useEffect(() => {
    if (!outcome) return;
    dispatch({ type: 'batchReported' });
    const summary = summaryOf(outcome);
    if (summary) toast[summary.tone](summary.text);
    if (outcome.uploaded.length > 0) reportUploaded(outcome.uploaded);
  }, [outcome]);

  function add(files: readonly File[]) {
    const screening = screenFiles(files, heldCount(state), rules);
    for (const { file, message } of screening.rejected) {
      toast.error(message, { description: file.name });
    }
    if (screening.tooMany) toast.error(screening.tooMany);
    if (screening.accepted.length === 0) return;
    dispatch({
      type: 'added',
      entries: screening.accepted.map((file) => {
        lastRowId.current += 1;
        return { id: `upload-${lastRowId.current}`, file };
      }),
    });
  }

  return { state, dispatch, add, signedIn: userId !== null };
}
