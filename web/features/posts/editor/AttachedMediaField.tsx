import { Film, X } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_POST_MEDIA, type PostMedia } from '../../../../shared/posts';
import type { MediaFile } from '../../../../shared/media';
import { useAppDispatch } from '../../../state/hooks';
import { filesUploaded, UploadWidget } from '../../media';
import { attachMedia, postMediaOf } from './postForm';

export interface AttachedMediaFieldProps {
  media: readonly PostMedia[];
  onChange: (media: readonly PostMedia[]) => void;
}

/**
 * Images and videos shown with the post, uploaded through the multi-file widget into the
 * member's files (and so also listed under Images and Videos), attached as they arrive.
 */
export function AttachedMediaField({ media, onChange }: AttachedMediaFieldProps) {
  const dispatch = useAppDispatch();

  function uploaded(files: MediaFile[]) {
    dispatch(filesUploaded(files));
    const attachable = files.flatMap((file) => postMediaOf(file) ?? []);
    const attached = attachMedia(media, attachable);
    if (attached.problem) toast.error(attached.problem);
    onChange(attached.media);
  }

  return (
    <section aria-labelledby="attached-media-heading" className="grid gap-3">
      <div>
        <h2 id="attached-media-heading" className="text-base font-semibold">
          Images and videos
        </h2>
        <p className="text-sm text-muted-foreground">
          Shown with the post, up to {MAX_POST_MEDIA}. They are kept in your files too.
        </p>
      </div>
      <UploadWidget kind="media" onUploaded={uploaded} />
      {media.length > 0 && (
        <ul
          aria-label="Attached images and videos"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3"
          data-testid="attached-media"
        >
          {media.map((file) => (
            <li key={file.id} className="relative overflow-hidden rounded-xl border bg-muted">
              <AttachedPreview file={file} />
              <p className="truncate px-2 py-1.5 text-xs" title={file.name}>
                {file.name}
              </p>
              <button
                type="button"
                aria-label={`Remove ${file.name} from the post`}
                onClick={() => onChange(media.filter((held) => held.id !== file.id))}
                className="absolute top-1.5 right-1.5 rounded-full bg-background/90 p-1 text-muted-foreground shadow-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AttachedPreview({ file }: { file: PostMedia }) {
  const picture = file.kind === 'image' ? (file.thumbnailUrl ?? file.url) : file.posterUrl;
  if (picture) {
    return (
      <img
        src={picture}
        alt={file.description || file.name}
        loading="lazy"
        className="aspect-video w-full object-cover"
      />
    );
  }
  return (
    <div className="flex aspect-video w-full items-center justify-center text-muted-foreground">
      <Film className="size-8" aria-label={`Video ${file.name}`} />
    </div>
  );
}
