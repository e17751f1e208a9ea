import { ImagePlus, Trash2 } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { FeaturedImageUploader } from './useFeaturedImageUpload';

export interface FeaturedImageFieldProps {
  url: string | null;
  uploader: FeaturedImageUploader;
  onRemove: () => void;
}

/**
 * The featured image (001 §2 media tab): dropped or chosen, checked (image, under 5 MB), sent to
 * the upload endpoint, and shown once it answers. Only the first of several dropped files counts.
 */
export function FeaturedImageField({ url, uploader, onRemove }: FeaturedImageFieldProps) {
  const { upload, choose } = uploader;
  const uploading = upload.phase === 'uploading';
  // The dropzone's own type and size checks are off: `choose` gives the spec's messages.
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: (files: File[]) => {
      const [file] = files;
      if (file) choose(file);
    },
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled: uploading,
  });
  const shown = uploading ? upload.preview : url;

  return (
    <section aria-labelledby="featured-image-heading" className="grid gap-3">
      <h2 id="featured-image-heading" className="text-base font-semibold">
        Featured image
      </h2>
      <div
        {...getRootProps({ role: 'region', 'aria-label': 'Featured image upload' })}
        className={cn(
          'grid gap-3 rounded-2xl border-2 border-dashed p-4 transition-colors',
          isDragActive ? 'border-primary bg-primary/5' : 'border-input bg-card',
        )}
      >
        <input {...getInputProps({ accept: 'image/*' })} data-testid="featured-image-input" />
        {shown ? (
          <div className="relative">
            <img
              src={shown}
              alt="Featured image preview"
              className={cn(
                'max-h-80 w-full rounded-xl border bg-muted object-cover',
                uploading && 'opacity-60',
              )}
              data-testid="featured-image-preview"
            />
            {uploading && (
              <div
                role="status"
                className="absolute inset-0 flex items-center justify-center gap-2 text-sm font-medium"
              >
                <Spinner />
                Uploading... {upload.percent}%
              </div>
            )}
          </div>
        ) : (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <ImagePlus className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-sm font-medium">
              {isDragActive ? 'Drop the image here' : 'Drag and drop an image here, or'}
            </p>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button variant="outline" onClick={open} disabled={uploading}>
            <ImagePlus aria-hidden />
            {url ? 'Change image' : 'Choose image'}
          </Button>
          {url && !uploading && (
            <Button
              variant="ghost"
              onClick={onRemove}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
              Remove image
            </Button>
          )}
        </div>
        <p className="text-center text-xs text-muted-foreground">
          An image file, less than 5MB. Whoever can see the post can see it.
        </p>
      </div>
    </section>
  );
}
