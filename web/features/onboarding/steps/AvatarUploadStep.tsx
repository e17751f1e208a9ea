import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { profileMessages } from '../../../../shared/profiles/messages';
import { Alert } from '../../../components/ui/alert';
import { Label } from '../../../components/ui/label';
import { sendUpload, uploadPath } from '../../media';
import { useUpdateProfileImageMutation } from '../../profile';
import { failureText } from './stepFailure';
import type { StepProps } from './stepProps';

const CHOOSE_FIRST = 'Choose an image first, or skip this step.';
const NOT_AN_IMAGE = 'Choose an image file (JPEG, PNG, GIF or WebP).';

/** Uploads a picture, then makes it the avatar (cropped and resized by the server). */
export function AvatarUploadStep({ userId, formId, onDone, setBusy }: StepProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [setAvatar] = useUpdateProfileImageMutation();

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | undefined) {
    setFailure(null);
    if (chosen && !chosen.type.startsWith('image/')) {
      setFile(null);
      setFailure(NOT_AN_IMAGE);
      return;
    }
    setFile(chosen ?? null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFailure(CHOOSE_FIRST);
    setFailure(null);
    setBusy(true);
    try {
      const upload = sendUpload({
        url: uploadPath(userId, 'image'),
        file,
        isPublic: true,
        onProgress: (sent, total) => setPercent(Math.round((sent / total) * 100)),
      });
      const { file: stored } = await upload.result;
      await setAvatar({ userId, which: 'avatar', update: { fileId: stored.id } }).unwrap();
      await onDone();
    } catch (error) {
      setFailure(
        error instanceof Error ? error.message : failureText(error, profileMessages.updateFailed),
      );
    } finally {
      setPercent(null);
      setBusy(false);
    }
  }

  return (
    <form id={formId} onSubmit={submit} className="grid gap-4">
      <div className="flex items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted">
          {preview ? (
            <img src={preview} alt="Your new profile photo" className="size-full object-cover" />
          ) : (
            <span className="text-xs text-muted-foreground">No photo</span>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="avatar-file">Profile photo</Label>
          <input
            id="avatar-file"
            type="file"
            accept="image/*"
            className="text-sm"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p className="text-xs text-muted-foreground">Shown at 256 × 256; we crop it for you.</p>
        </div>
      </div>
      {percent !== null && (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading… {percent}%
        </p>
      )}
      {failure && <Alert>{failure}</Alert>}
    </form>
  );
}
