import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiErrorOf } from '../../lib/formErrors';
import { fileProblem, rulesFor, sendUpload, UploadCancelled, uploadPath } from '../media';
import { useUpdateProfileImageMutation } from './profileApi';
import { centerCrop, IMAGE_SIZES, percentOf, type ProfileImageKind } from './profileImages';

const LABELS: Record<ProfileImageKind, string> = { avatar: 'Avatar', banner: 'Banner' };

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string };

/**
 * Sets the avatar or the banner from a new image: the file goes through the media upload, then
 * the profile takes it with a centred crop the server cuts and resizes (256x256, 1200x400). It
 * applies at once, apart from the dialog's Save, since the upload itself is already a change.
 */
export function ImageUploadField({
  userId,
  which,
  current,
}: {
  userId: string;
  which: ProfileImageKind;
  current: string | null;
}) {
  const id = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [updateImage] = useUpdateProfileImageMutation();
  const abort = useRef<(() => void) | null>(null);
  const size = IMAGE_SIZES[which];
  const label = LABELS[which];
  const busy = stage.kind === 'uploading' || stage.kind === 'saving';

  // Closing the dialog mid-upload cancels the transfer rather than setting an image later.
  useEffect(() => () => abort.current?.(), []);

  async function save(fileId: string | null, crop: ReturnType<typeof centerCrop>) {
    setStage({ kind: 'saving' });
    try {
      await updateImage({ userId, which, update: { fileId, ...(crop ? { crop } : {}) } }).unwrap();
      setStage({ kind: 'idle' });
      toast.success(fileId ? `${label} updated` : `${label} removed`);
    } catch (failure) {
      setStage({
        kind: 'failed',
        reason:
          apiErrorOf(failure)?.message ?? `The ${which} could not be saved. Please try again.`,
      });
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file, rulesFor('image'));
    if (problem) {
      setStage({ kind: 'failed', reason: problem });
      return;
    }
    setStage({ kind: 'uploading', percent: 0 });
    // Public: others see the avatar and the banner on the profile and in every list.
    const upload = sendUpload({
      url: uploadPath(userId, 'image'),
      file,
      isPublic: true,
      onProgress: (sent, total) => setStage({ kind: 'uploading', percent: percentOf(sent, total) }),
    });
    abort.current = upload.abort;
    try {
      const { file: stored } = await upload.result;
      abort.current = null;
      await save(stored.id, centerCrop(stored.dimensions, size));
    } catch (failure) {
      abort.current = null;
      if (failure instanceof UploadCancelled) return;
      setStage({
        kind: 'failed',
        reason: failure instanceof Error ? failure.message : 'The upload failed. Please try again.',
      });
    }
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{label}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        An image, cropped to its centre and resized to {size.width}x{size.height}.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {current && (
          <img
            src={current}
            alt={`Current ${which}`}
            className={
              which === 'avatar'
                ? 'size-12 rounded-full object-cover'
                : 'h-12 w-36 rounded-md object-cover'
            }
          />
        )}
        <label
          htmlFor={`${id}-file`}
          className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-xs font-medium shadow-xs hover:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:disabled]:pointer-events-none has-[:disabled]:opacity-60"
        >
          <ImageUp className="size-4" aria-hidden />
          {current ? `Change ${which}` : `Upload ${which}`}
          <input
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={busy}
            data-testid={`profile-${which}-input`}
            onChange={(event) => void choose(event)}
          />
        </label>
        {current && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void save(null, null)}>
            <Trash2 aria-hidden />
            Remove {which}
          </Button>
        )}
      </div>
      {stage.kind === 'uploading' && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${which}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={stage.percent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${stage.percent}%` }}
            />
          </div>
          <span className="text-xs text-muted-foreground">{stage.percent}%</span>
        </div>
      )}
      {stage.kind === 'saving' && (
        <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
          <Spinner /> Saving {which}...
        </p>
      )}
      {stage.kind === 'failed' && (
        <p role="alert" className="text-[0.8rem] font-medium text-destructive">
          {stage.reason}
        </p>
      )}
    </fieldset>
  );
}
