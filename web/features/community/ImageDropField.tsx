import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { FieldError } from '../../components/formFields';

export const IMAGES_ONLY = 'Choose an image file';

/**
 * An avatar or banner of the create form: dropped or chosen, images only, previewed at the shape
 * the server will cut it to. Nothing is sent until the form is.
 */
export function ImageDropField({
  id,
  label,
  hint,
  file,
  onChange,
  shape,
  serverError,
}: {
  id: string;
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  shape: 'square' | 'wide';
  serverError?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    accept: { 'image/*': [] },
    multiple: false,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted: File[], rejected) => {
      if (rejected.length > 0 || accepted.length === 0) {
        setError(IMAGES_ONLY);
        return;
      }
      setError(null);
      onChange(accepted[0] ?? null);
    },
  });
  const shown = error ?? serverError;

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div
        {...getRootProps({ role: 'group', 'aria-labelledby': `${id}-label` })}
        className={cn(
          'flex items-center gap-4 rounded-xl border-2 border-dashed p-3',
          isDragActive ? 'border-primary bg-primary/5' : 'border-input',
        )}
      >
        <input {...getInputProps()} id={id} data-testid={`${id}-input`} />
        {preview ? (
          <img
            src={preview}
            alt={`${label} preview`}
            className={cn(
              'shrink-0 border bg-muted object-cover',
              shape === 'square' ? 'size-16 rounded-full' : 'h-16 w-48 rounded-lg',
            )}
          />
        ) : (
          <ImagePlus className="size-8 shrink-0 text-muted-foreground" aria-hidden />
        )}
        <div className="grid gap-1">
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={open}>
              {file ? 'Change' : 'Choose image'}
            </Button>
            {file && (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                <Trash2 aria-hidden />
                Remove
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
      </div>
      <FieldError id={id} error={shown} />
    </div>
  );
}
