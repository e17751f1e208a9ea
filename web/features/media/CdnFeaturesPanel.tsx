import { Copy, Eraser, ImageOff } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { mediaMessages } from '../../../shared/media';
import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { apiErrorOf } from '../../lib/formErrors';
import { CdnHealthPanel } from './CdnHealthPanel';
import { transformUrl } from './cdnUrls';
import { listedFiles } from './fileList';
import { useGetFilesInfiniteQuery, usePurgeCdnMutation } from './mediaApi';
import { DEFAULT_CONTROLS, transformOf } from './transformControls';
import { TransformForm } from './TransformForm';

/** Long enough that dragging a slider settles before the CDN is asked. */
const PREVIEW_DELAY_MS = 300;

function Preview({ url }: { url: string }) {
  const [outcome, setOutcome] = useState<
    { url: string; size: string } | { url: string; failed: true } | null
  >(null);
  const current = outcome?.url === url ? outcome : null;
  return (
    <figure className="flex flex-col gap-2">
      <div className="relative flex min-h-48 items-center justify-center overflow-hidden rounded-xl border bg-[repeating-conic-gradient(var(--color-muted)_0_25%,transparent_0_50%)] bg-[length:20px_20px]">
        {current && 'failed' in current ? (
          <p role="alert" className="flex items-center gap-2 p-6 text-sm text-destructive">
            <ImageOff className="size-5" aria-hidden />
            The CDN could not make this image.
          </p>
        ) : (
          <img
            key={url}
            src={url}
            alt="Transformed preview"
            className="max-h-[28rem] max-w-full object-contain"
            onLoad={(e) =>
              setOutcome({
                url,
                size: `${e.currentTarget.naturalWidth} × ${e.currentTarget.naturalHeight}`,
              })
            }
            onError={() => setOutcome({ url, failed: true })}
          />
        )}
        {!current && <Spinner className="absolute top-3 right-3 size-5" />}
      </div>
      <figcaption className="text-sm text-muted-foreground" data-testid="preview-size">
        {current && 'size' in current ? `Result: ${current.size} px` : 'Loading…'}
      </figcaption>
    </figure>
  );
}

/**
 * CDN Features (002 §2): one of the member's images through the CDN's transforms, live. The
 * URL is the real one, so it works pasted anywhere the file may be read.
 */
export function CdnFeaturesPanel() {
  const id = useId();
  const images = useGetFilesInfiniteQuery({ kind: 'image', tab: 'all' });
  const files = useMemo(() => listedFiles(images.data), [images.data]);
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const [controls, setControls] = useState(DEFAULT_CONTROLS);
  const [purge, { isLoading: purging }] = usePurgeCdnMutation();
  const image = files.find((file) => file.key === chosenKey) ?? files[0];
  const url = image ? transformUrl(image.url, transformOf(controls)) : '';
  const previewUrl = useDebouncedValue(url, PREVIEW_DELAY_MS);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(mediaMessages.urlCopied);
    } catch {
      toast.error('The URL could not be copied to the clipboard.');
    }
  }

  async function purgeVariants() {
    if (!image) return;
    try {
      const result = await purge([image.key]).unwrap();
      const provider = result.provider
        ? ` ${result.provider.name}: ${result.provider.ok ? 'purged' : 'not purged'}.`
        : '';
      toast.success(
        `Removed ${result.variantsRemoved} cached ${result.variantsRemoved === 1 ? 'variant' : 'variants'}.${provider}`,
      );
    } catch (failure) {
      toast.error(
        apiErrorOf(failure)?.message ?? 'The cache could not be purged. Please try again.',
      );
    }
  }

  let body: ReactNode;
  if (images.isLoading) body = <LoadingState label="Loading images…" />;
  else if (!image) {
    body = (
      <p className="py-10 text-center text-sm text-muted-foreground">
        {images.isError
          ? 'Your images could not be loaded.'
          : 'Upload an image to try the transforms on it.'}
      </p>
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-image`}>Image</Label>
            <select
              id={`${id}-image`}
              className="h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs"
              value={image.key}
              onChange={(e) => setChosenKey(e.target.value)}
            >
              {files.map((file) => (
                <option key={file.key} value={file.key}>
                  {file.name}
                </option>
              ))}
            </select>
          </div>
          <TransformForm controls={controls} onChange={setControls} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setControls(DEFAULT_CONTROLS)}>
              Reset
            </Button>
            <Button variant="outline" disabled={purging} onClick={() => void purgeVariants()}>
              {purging ? <Spinner /> : <Eraser aria-hidden />}
              Purge cached variants
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium" id={`${id}-url`}>
              CDN URL
            </p>
            <div className="flex items-start gap-2">
              <code
                aria-labelledby={`${id}-url`}
                data-testid="cdn-url"
                className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2 text-xs break-all"
              >
                {url}
              </code>
              <Button
                variant="outline"
                size="icon"
                aria-label="Copy URL"
                onClick={() => void copy()}
              >
                <Copy aria-hidden />
              </Button>
            </div>
          </div>
          <Preview url={previewUrl || url} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <CdnHealthPanel />
      {body}
    </div>
  );
}
