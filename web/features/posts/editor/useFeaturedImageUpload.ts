import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type SentForm, UploadCancelled } from '../../media';
import { editorText } from './editorText';
import { sendFeaturedImage } from './featuredImageUpload';
import { featuredImageProblem } from './postForm';

export type FeaturedImageUpload =
  | { phase: 'idle' }
  /** `preview` is the chosen file's local URL, shown until the upload answers. */
  | { phase: 'uploading'; preview: string; percent: number };

export interface FeaturedImageUploader {
  upload: FeaturedImageUpload;
  /** Checks the file (001 §5), then uploads it; `onUploaded` gets the URL the endpoint answered. */
  choose: (file: File) => void;
}

/**
 * One featured image on its way at a time: choosing another abandons the first. A failed upload
 * tells the member and clears the preview (001 §8), so no picture shows that was not saved.
 */
export function useFeaturedImageUpload(onUploaded: (url: string) => void): FeaturedImageUploader {
  const [upload, setUpload] = useState<FeaturedImageUpload>({ phase: 'idle' });
  const inFlight = useRef(new Set<SentForm<string>>());

  useEffect(() => {
    const open = inFlight.current;
    return () => {
      for (const request of open) request.abort();
      open.clear();
    };
  }, []);

  function choose(file: File) {
    const problem = featuredImageProblem(file);
    if (problem) {
      toast.error(problem, { description: file.name });
      return;
    }
    for (const request of inFlight.current) request.abort();
    const preview = URL.createObjectURL(file);
    const sameUpload = (held: FeaturedImageUpload) =>
      held.phase === 'uploading' && held.preview === preview;
    setUpload({ phase: 'uploading', preview, percent: 0 });
    const request = sendFeaturedImage(file, (sent, total) =>
      setUpload((held) =>
        sameUpload(held) ? { ...held, percent: Math.round((100 * sent) / total) } : held,
      ),
    );
    inFlight.current.add(request);
    request.result
      .then(onUploaded, (failure: unknown) => {
        if (failure instanceof UploadCancelled) return;
        toast.error(editorText.imageUploadFailed, {
          description: failure instanceof Error ? failure.message : undefined,
        });
      })
      .finally(() => {
        inFlight.current.delete(request);
        URL.revokeObjectURL(preview);
        setUpload((held) => (sameUpload(held) ? { phase: 'idle' } : held));
      });
  }

  return { upload, choose };
}
