import * as SwitchPrimitive from '@radix-ui/react-switch';
import {
  File as FileIcon,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  RotateCcw,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { formatBytes } from '../../../../shared/format';
import type { FileKind } from '../../../../shared/media';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { statusText } from './rowText';
import { progressOf, type UploadRow as Row } from './uploadQueue';
import { useFilePreview } from './useFilePreview';
import { usePosterUpload } from './usePosterUpload';

const ICON_OF_KIND: Record<FileKind, LucideIcon> = {
  image: FileImage,
  video: FileVideo,
  audio: FileAudio,
  document: FileText,
  other: FileIcon,
};

function Preview({ row, preview }: { row: Row; preview: string | null }) {
  const Icon = ICON_OF_KIND[row.kind];
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted">
      {preview ? (
        <img src={preview} alt="" className="size-full object-cover" />
      ) : (
        <Icon className="size-7 text-muted-foreground" aria-hidden />
      )}
    </div>
  );
}

export interface UploadRowProps {
  row: Row;
  onRemove: () => void;
  onRetry: () => void;
  onPublicChange: (isPublic: boolean) => void;
}

export function UploadRow({ row, onRemove, onRetry, onPublicChange }: UploadRowProps) {
  const nameId = useId();
  const switchId = useId();
  const name = row.file.name;
  const progress = progressOf(row);
  const status = statusText(row, progress);
  const active = row.status === 'queued' || row.status === 'uploading';
  const isPublic = row.uploaded?.isPublic ?? row.isPublic;
  const preview = useFilePreview(row.file, row.kind);
  usePosterUpload(row.uploaded, preview);

  return (
    <li className="flex gap-3 rounded-xl border bg-card p-3">
      <Preview row={row} preview={preview} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start justify-between gap-2">
          <p id={nameId} className="truncate text-sm font-medium" title={name}>
            {row.uploaded ? (
              <a
                href={row.uploaded.url}
                target="_blank"
                rel="noreferrer"
                className="hover:underline"
              >
                {name}
              </a>
            ) : (
              name
            )}
          </p>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 size-7"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <X aria-hidden />
          </Button>
        </div>
        <p
          className={cn(
            'text-xs tabular-nums',
            row.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {formatBytes(row.file.size)} · {status}
        </p>
        {active && (
          <div
            role="progressbar"
            aria-label={`Uploading ${name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            aria-valuetext={status}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full bg-primary transition-[width]"
              style={{ width: `${progress.percent}%` }}
            />
          </div>
        )}
        <div className="flex items-center gap-2">
          <SwitchPrimitive.Root
            id={switchId}
            checked={isPublic}
            onCheckedChange={onPublicChange}
            disabled={row.status !== 'pending'}
            aria-describedby={nameId}
            className={cn(
              'inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'bg-input data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-60',
            )}
          >
            <SwitchPrimitive.Thumb className="block size-4 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-4" />
          </SwitchPrimitive.Root>
          <label htmlFor={switchId} className="text-xs font-medium">
            Public
          </label>
          <span className="text-xs text-muted-foreground">
            {isPublic ? 'Every signed-in member can see it' : 'Only you can see it'}
          </span>
          {row.status === 'failed' && (
            <Button
              variant="outline"
              size="sm"
              className="ml-auto h-7"
              aria-label={`Retry ${name}`}
              onClick={onRetry}
            >
              <RotateCcw aria-hidden />
              Retry
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
