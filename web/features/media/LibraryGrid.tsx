import { useMemo, useState, type KeyboardEvent } from 'react';
import type { BulkAction, FilesTab } from '../../../shared/media';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { BulkActionBar } from './BulkActionBar';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { listedFiles } from './fileList';
import { EditDetailsDialog } from './EditDetailsDialog';
import { countOf, type LibraryKind, type LibraryText } from './libraryText';
import { useGetFilesInfiniteQuery } from './mediaApi';
import { MediaCard } from './MediaCard';
import { useFileActions } from './useFileActions';
import { useSelection } from './useSelection';
import { VideoPlayerDialog } from './VideoPlayerDialog';

export interface LibraryGridProps {
  kind: LibraryKind;
  tab: FilesTab;
  text: LibraryText;
}

/** One tab of a library: the grid, its selection and bulk bar, the player and the delete prompt. */
export function LibraryGrid({ kind, tab, text }: LibraryGridProps) {
  const query = useGetFilesInfiniteQuery({ kind, tab });
  const files = useMemo(() => listedFiles(query.data), [query.data]);
  const keys = useMemo(() => files.map((file) => file.key), [files]);
  const selection = useSelection(keys);
  const actions = useFileActions(text);
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<readonly string[] | null>(null);

  const selected = files.filter((file) => selection.has(file.key));
  const playing = files.find((file) => file.key === playingKey);
  const editing = files.find((file) => file.key === editingKey);

  async function bulk(action: BulkAction) {
    if (await actions.bulk(selection.keys, action)) selection.clear();
  }

  async function confirmDelete() {
    if (!deleting) return;
    const keysToDelete = deleting;
    setDeleting(null);
    if (await actions.remove(keysToDelete)) selection.clear();
  }

  function onKeyDown(event: KeyboardEvent) {
    // React passes keys up from portals too: Escape in a dialog closes the dialog, nothing more.
    if (!event.currentTarget.contains(event.target as Node)) return;
    if (event.key === 'Escape' && selection.keys.length > 0) {
      event.stopPropagation();
      selection.clear();
    }
  }

  if (query.isLoading) return <LoadingState label={`Loading ${text.nouns}…`} />;
  if (query.isError && files.length === 0) {
    return (
      <ErrorState
        title={`Your ${text.nouns} could not be loaded`}
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (files.length === 0) {
    const empty = text.empty[tab];
    return (
      <div className="py-16 text-center" data-testid="library-empty">
        <p className="font-medium">{empty.title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{empty.hint}</p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" onKeyDown={onKeyDown}>
      {selected.length > 0 && (
        <BulkActionBar
          selected={selected}
          total={files.length}
          tab={tab}
          text={text}
          onAction={(action) => void bulk(action)}
          onDelete={() => setDeleting(selection.keys)}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
        />
      )}
      <ul
        aria-label={text.title}
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5"
      >
        {files.map((file) => (
          <MediaCard
            key={file.key}
            file={file}
            selected={selection.has(file.key)}
            onToggleSelect={() => selection.toggle(file.key)}
            onPlay={kind === 'video' ? () => setPlayingKey(file.key) : undefined}
            onEdit={() => setEditingKey(file.key)}
            onDelete={() => setDeleting([file.key])}
            actions={actions}
          />
        ))}
      </ul>
      <LoadMoreButton query={query} />
      {playing && <VideoPlayerDialog file={playing} onClose={() => setPlayingKey(null)} />}
      {editing && <EditDetailsDialog file={editing} onClose={() => setEditingKey(null)} />}
      <ConfirmDeleteDialog
        what={
          deleting === null
            ? null
            : deleting.length === 1
              ? `this ${text.noun}`
              : countOf(deleting.length, text)
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
