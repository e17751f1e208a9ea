import {
  Archive,
  ArchiveRestore,
  Check,
  Globe,
  Pencil,
  Play,
  Share2,
  Star,
  Trash2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../shared/format';
import type { MediaFile } from '../../../shared/media';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { formatDuration, formatViews } from './mediaFormat';
import { MediaThumbnail } from './MediaThumbnail';
import { TagList } from './TagList';
import type { FileActions } from './useFileActions';

export interface MediaCardProps {
  file: MediaFile;
  selected: boolean;
  onToggleSelect: () => void;
  onPlay?: () => void;
  /** Opens the description and tags editor; the library lists only its owner's files. */
  onEdit: () => void;
  onDelete: () => void;
  actions: FileActions;
}

function IconAction(props: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={props.label}>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={props.label}
        aria-pressed={props.pressed}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

/**
 * One image or video. Clicking the picture selects it (001 §2); everything else is a button of
 * its own, so the whole card works from the keyboard.
 */
export function MediaCard({
  file,
  selected,
  onToggleSelect,
  onPlay,
  onEdit,
  onDelete,
  actions,
}: MediaCardProps) {
  const { name } = file;
  const details = [
    formatBytes(file.size),
    file.dimensions && `${file.dimensions.width} × ${file.dimensions.height}`,
  ].filter(Boolean);

  return (
    <li
      data-testid="media-card"
      data-key={file.key}
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm transition-shadow',
        selected && 'ring-2 ring-primary',
      )}
    >
      <button
        type="button"
        aria-pressed={selected}
        aria-label={`Select ${name}`}
        onClick={onToggleSelect}
        className="relative block aspect-square w-full overflow-hidden bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        <MediaThumbnail key={file.thumbnailUrl ?? file.url} file={file} />
        <span
          aria-hidden
          className={cn(
            'absolute top-2 left-2 flex size-6 items-center justify-center rounded-full border-2 border-white shadow',
            selected ? 'bg-primary text-primary-foreground' : 'bg-black/20',
          )}
        >
          {selected && <Check className="size-4" strokeWidth={3} />}
        </span>
        {file.duration !== null && (
          <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            {formatDuration(file.duration)}
          </span>
        )}
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 truncate text-sm font-medium" title={name}>
            {file.isStarred && (
              <Star className="size-3.5 shrink-0 fill-amber-400 text-amber-400" aria-hidden />
            )}
            <span className="truncate">{name}</span>
            {file.isPublic && (
              <Globe className="size-3.5 shrink-0 text-muted-foreground" aria-label="Public" />
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            {details.join(' · ')}
            {file.kind === 'video' && (
              <>
                {' · '}
                <span data-testid="video-views">{formatViews(file.views)}</span>
              </>
            )}
          </p>
        </div>
        <TagList tags={file.tags} />
        <div className="mt-auto flex flex-wrap items-center gap-0.5">
          {onPlay && (
            <IconAction label={`Play ${name}`} onClick={onPlay}>
              <Play aria-hidden />
            </IconAction>
          )}
          <IconAction
            label={`Star ${name}`}
            pressed={file.isStarred}
            onClick={() => void actions.toggleStar(file)}
          >
            <Star aria-hidden className={cn(file.isStarred && 'fill-amber-400 text-amber-400')} />
          </IconAction>
          <IconAction
            label={file.isArchived ? `Unarchive ${name}` : `Archive ${name}`}
            onClick={() => void actions.toggleArchive(file)}
          >
            {file.isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
          </IconAction>
          <IconAction label={`Edit details of ${name}`} onClick={onEdit}>
            <Pencil aria-hidden />
          </IconAction>
          <IconAction label={`Share ${name}`} onClick={() => void actions.share(file)}>
            <Share2 aria-hidden />
          </IconAction>
          <IconAction label={`Delete ${name}`} onClick={onDelete}>
            <Trash2 aria-hidden />
          </IconAction>
        </div>
      </div>
    </li>
  );
}
