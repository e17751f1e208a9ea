import { useEffect, useState } from 'react';
import type { FileKind } from '../../../../shared/media';
import { imagePreview, videoPreview } from './previews';

/** A preview of an image or a video as a data URL, null until made or when it can't be. */
export function useFilePreview(file: File, kind: FileKind): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (kind !== 'image' && kind !== 'video') return;
    const controller = new AbortController();
    const making = kind === 'image' ? imagePreview(file) : videoPreview(file, controller.signal);
    void making.then((made) => {
      if (!controller.signal.aborted) setPreview(made);
    });
    return () => controller.abort();
  }, [file, kind]);
  return preview;
}
