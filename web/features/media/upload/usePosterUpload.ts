import { useEffect, useRef } from 'react';
import type { MediaFile } from '../../../../shared/media';
import { useAppDispatch } from '../../../state/hooks';
import { useLogger } from '../../logs';
import { filesReceived } from '../mediaCache';
import { posterOfDataUrl, sendPoster } from './posterUpload';

/**
 * Once a video has uploaded, the frame taken for its preview becomes its poster on the server.
 * The request is not aborted with the row: clearing the list should not cost the video its
 * thumbnail. A failure only leaves the video without a poster, so it is logged, not shown.
 */
export function usePosterUpload(uploaded: MediaFile | null, frame: string | null): void {
  const dispatch = useAppDispatch();
  const logger = useLogger();
  // The key already sent for: a retried row uploads a new file, which gets its own poster.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (uploaded?.kind !== 'video' || !frame || sentFor.current === uploaded.key) return;
    const { key } = uploaded;
    sentFor.current = key;
    const poster = posterOfDataUrl(frame);
    if (!poster) {
      logger.warn('A video preview frame was not an image data URL', { key });
      return;
    }
    void sendPoster(key, poster).then(
      (file) => dispatch(filesReceived([file])),
      (failure: unknown) =>
        logger.warn('The poster of an uploaded video could not be saved', {
          key,
          reason: failure instanceof Error ? failure.message : String(failure),
        }),
    );
  }, [uploaded, frame, dispatch, logger]);
}
