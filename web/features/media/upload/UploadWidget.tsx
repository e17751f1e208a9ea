import { CloudUpload } from 'lucide-react';
import { useMemo } from 'react';
import { useDropzone } from 'react-dropzone';
import { formatBytes } from '../../../../shared/format';
import type { MediaFile } from '../../../../shared/media';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { countOf, isBusy } from './uploadQueue';
import { UploadRow } from './UploadRow';
import { useUploadQueue } from './useUploadQueue';
import { rulesFor, type UploadKind } from './validateFiles';

export interface UploadWidgetProps {
  kind?: UploadKind;
  /** Called once per round of uploads with the files that arrived. */
  onUploaded?: (files: MediaFile[]) => void;
}

const WHAT_OF_KIND: Record<UploadKind, string> = {
  image: 'Images',
  video: 'Videos',
  media: 'Images and videos',
  any: 'Images, videos, audio, PDF and text files',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The multi-file upload widget (001 §2, 002 §2): drop or choose, check, then upload with progress. */
export function UploadWidget({ kind = 'any', onUploaded }: UploadWidgetProps) {
  const rules = useMemo(() => rulesFor(kind), [kind]);
  const { state, dispatch, add, signedIn } = useUploadQueue(rules, onUploaded);
  const busy = isBusy(state);
  const pending = countOf(state, 'pending');
  const done = countOf(state, 'done');
  const failed = countOf(state, 'failed');

  // The dropzone's own type, size and count checks are off: the widget's checks give the spec's
  // messages. Its input still filters the picker by `accept`. Adding waits while files upload
  // (002 §4: the dropzone is disabled while uploading).
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files: File[]) => add(files),
    noClick: true,
    noKeyboard: true,
    disabled: busy,
  });

  return (
    <div className="flex flex-col gap-4">
      <div
        {...getRootProps({ role: 'region', 'aria-label': 'Upload files' })}
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-8 text-center transition-colors',
          isDragActive ? 'border-primary bg-primary/5' : 'border-input bg-card',
          busy && 'opacity-60',
        )}
      >
        <input {...getInputProps({ accept: rules.allowedTypes.join(',') })} />
        <CloudUpload className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">
          {isDragActive ? 'Drop the files here' : 'Drag and drop files here, or'}
        </p>
        <Button variant="outline" onClick={open} disabled={busy}>
          Choose files
        </Button>
        <p className="text-xs text-muted-foreground">
          {WHAT_OF_KIND[kind]}. Up to {rules.maxFiles} files, {formatBytes(rules.maxBytes)} each.
          Files are private unless you make them public.
        </p>
      </div>

      {state.rows.length > 0 && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {plural(state.rows.length, 'file')}
              {pending > 0 && ` · ${pending} ready`}
              {done > 0 && ` · ${done} uploaded`}
              {failed > 0 && ` · ${failed} failed`}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => dispatch({ type: 'cleared' })}>
                Clear all
              </Button>
              <Button
                onClick={() => dispatch({ type: 'uploadRequested' })}
                disabled={busy || pending === 0 || !signedIn}
              >
                Upload
              </Button>
            </div>
          </div>
          <ul className="flex flex-col gap-2" aria-label="Chosen files">
            {state.rows.map((row) => (
              <UploadRow
                key={row.id}
                row={row}
                onRemove={() => dispatch({ type: 'removed', id: row.id })}
                onRetry={() => dispatch({ type: 'retried', id: row.id })}
                onPublicChange={(isPublic) =>
                  dispatch({ type: 'visibilitySet', id: row.id, isPublic })
                }
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
