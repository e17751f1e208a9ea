import { Archive, ArchiveRestore, Download, Star, Trash2, X } from 'lucide-react';
import type { BulkAction, FilesTab, MediaFile } from '../../../shared/media';
import { Button, buttonVariants } from '../../components/ui/button';
import { bulkChoices } from './bulkActions';
import { countOf, type LibraryText } from './libraryText';
import { archiveUrl } from './mediaEndpoints';

export interface BulkActionBarProps {
  selected: readonly MediaFile[];
  total: number;
  tab: FilesTab;
  text: LibraryText;
  onAction: (action: BulkAction) => void;
  onDelete: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}

/** Star, Archive, Download (one zip) and Delete for the selected files (001 §2). */
export function BulkActionBar({
  selected,
  total,
  tab,
  text,
  onAction,
  onDelete,
  onSelectAll,
  onClear,
}: BulkActionBarProps) {
  const choices = bulkChoices(selected, tab);
  const keys = selected.map((file) => file.key);
  return (
    <div
      role="toolbar"
      aria-label={`Selected ${text.nouns}`}
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border bg-card/95 p-2 shadow-sm backdrop-blur"
    >
      <p className="px-2 text-sm font-medium" aria-live="polite" data-testid="selection-count">
        {countOf(selected.length, text)} selected
      </p>
      {selected.length < total && (
        <Button variant="ghost" size="sm" onClick={onSelectAll}>
          Select all
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden />
        Clear selection
      </Button>
      <div className="ml-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onAction(choices.star.action)}>
          <Star aria-hidden />
          {choices.star.label}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onAction(choices.archive.action)}>
          {tab === 'archived' ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
          {choices.archive.label}
        </Button>
        {/* The server streams the zip as it reads the files; the browser saves it. */}
        <a
          href={archiveUrl(keys)}
          download
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden />
          Download
        </a>
        <Button variant="destructive" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </div>
  );
}
