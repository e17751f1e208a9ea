import * as SwitchPrimitive from '@radix-ui/react-switch';
import { Copy, Download, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { formatBytes } from '../../../shared/format';
import type { MediaFile } from '../../../shared/media';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';

export interface MyFileRowProps {
  file: MediaFile;
  downloading: boolean;
  onPublicChange: (isPublic: boolean) => void;
  onDownload: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

const uploadedOn = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });

/** One of the member's files in My Files: details, Public or Private, download, copy, delete. */
export function MyFileRow({
  file,
  downloading,
  onPublicChange,
  onDownload,
  onCopy,
  onDelete,
}: MyFileRowProps) {
  const switchId = useId();
  return (
    <li
      data-testid="my-file"
      data-key={file.key}
      className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3"
    >
      <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-muted">
        {file.thumbnailUrl && (
          <img src={file.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={file.name}>
          {file.name}
        </p>
        <p className="text-xs text-muted-foreground">
          {file.format} · {formatBytes(file.size)} · {uploadedOn(file.uploadedAt)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <SwitchPrimitive.Root
          id={switchId}
          checked={file.isPublic}
          onCheckedChange={onPublicChange}
          aria-label={`Public: ${file.name}`}
          className="inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-input transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-primary"
        >
          <SwitchPrimitive.Thumb className="block size-4 translate-x-0.5 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-[1.125rem]" />
        </SwitchPrimitive.Root>
        <Label htmlFor={switchId} className="w-12 text-xs" aria-hidden>
          {file.isPublic ? 'Public' : 'Private'}
        </Label>
      </div>
      <div className="flex gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Download ${file.name}`}
          disabled={downloading}
          onClick={onDownload}
        >
          {downloading ? <Spinner /> : <Download aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Copy URL of ${file.name}`}
          onClick={onCopy}
        >
          <Copy aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Delete ${file.name}`} onClick={onDelete}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
