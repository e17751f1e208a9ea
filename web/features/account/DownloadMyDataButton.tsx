import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { accountMessages } from '../../../shared/account';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import {
  ExportError,
  fetchExport,
  progressLabel,
  saveBlob,
  type ExportProgress,
} from './exportDownload';

const ERROR_ID = 'download-my-data-error';

/**
 * Download My Data: fetches the streamed zip of everything the member owns, shows how far it has
 * got, and saves it; a refusal (such as the hourly limit) shows under the button and as a toast.
 */
export function DownloadMyDataButton() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);

  useEffect(() => () => aborter.current?.abort(), []);

  async function download() {
    const controller = new AbortController();
    aborter.current = controller;
    setError(null);
    try {
      const { blob, fileName } = await fetchExport(setProgress, controller.signal);
      saveBlob(blob, fileName);
    } catch (failure) {
      if (controller.signal.aborted) return;
      const message =
        failure instanceof ExportError ? failure.message : accountMessages.exportFailed;
      setError(message);
      toast.error(message);
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <div className="grid gap-2">
      <div>
        <Button
          variant="outline"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy}
          aria-describedby={error ? ERROR_ID : undefined}
        >
          {busy ? <Spinner /> : <Download aria-hidden />}
          {busy ? progressLabel(progress) : 'Download My Data'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {busy ? progressLabel(progress) : ''}
      </p>
      {error && (
        <p id={ERROR_ID} role="alert" className="text-[0.8rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
