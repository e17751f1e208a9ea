import type { BulkAction, FilesTab, MediaFile } from '../../../shared/media';

export interface BulkChoices {
  star: { action: BulkAction; label: string };
  archive: { action: BulkAction; label: string };
}

/**
 * What the bulk Star and Archive buttons do for the selection: Star stars them all unless all are
 * starred already (then it unstars); in the Archived tab, Archive brings them back.
 */
export function bulkChoices(selected: readonly MediaFile[], tab: FilesTab): BulkChoices {
  const allStarred = selected.length > 0 && selected.every((file) => file.isStarred);
  return {
    star: allStarred ? { action: 'unstar', label: 'Unstar' } : { action: 'star', label: 'Star' },
    archive:
      tab === 'archived'
        ? { action: 'unarchive', label: 'Unarchive' }
        : { action: 'archive', label: 'Archive' },
  };
}

/** What the toast says once a bulk action is done: "3 images starred". */
export const BULK_DONE: Record<BulkAction, string> = {
  star: 'starred',
  unstar: 'unstarred',
  archive: 'archived',
  unarchive: 'restored from the archive',
  'make-public': 'made public',
  'make-private': 'made private',
  delete: 'deleted',
};
