import { toast } from 'sonner';
import type { BulkAction, MediaFile } from '../../../shared/media';
import { apiErrorOf } from '../../lib/formErrors';
import { BULK_DONE } from './bulkActions';
import { countOf, type LibraryText } from './libraryText';
import { useBulkFilesMutation, useDeleteFileMutation, useUpdateFileMutation } from './mediaApi';

/** The server's own message when it sent one, else a fallback for network failures. */
function reportFailure(failure: unknown, fallback: string): void {
  toast.error(apiErrorOf(failure)?.message ?? fallback);
}

export interface FileActions {
  toggleStar: (file: MediaFile) => Promise<void>;
  toggleArchive: (file: MediaFile) => Promise<void>;
  share: (file: MediaFile) => Promise<void>;
  remove: (keys: readonly string[]) => Promise<boolean>;
  bulk: (keys: readonly string[], action: BulkAction) => Promise<boolean>;
}

/**
 * What a card and the bulk bar do, with their feedback. The cached lists follow the responses
 * (see mediaApi), so nothing here edits them.
 */
export function useFileActions(text: LibraryText): FileActions {
  const [updateFile] = useUpdateFileMutation();
  const [bulkFiles] = useBulkFilesMutation();
  const [deleteFile] = useDeleteFileMutation();
  const changeFailed = `The ${text.noun} could not be changed. Please try again.`;

  async function bulk(keys: readonly string[], action: BulkAction): Promise<boolean> {
    try {
      await bulkFiles({ keys: [...keys], action }).unwrap();
      toast.success(`${countOf(keys.length, text)} ${BULK_DONE[action]}`);
      return true;
    } catch (failure) {
      reportFailure(failure, `The ${text.nouns} could not be changed. Please try again.`);
      return false;
    }
  }

  return {
    async toggleStar(file) {
      try {
        await updateFile({ key: file.key, change: { isStarred: !file.isStarred } }).unwrap();
      } catch (failure) {
        reportFailure(failure, changeFailed);
      }
    },
    async toggleArchive(file) {
      try {
        await updateFile({ key: file.key, change: { isArchived: !file.isArchived } }).unwrap();
        toast.success(file.isArchived ? `"${file.name}" restored` : `"${file.name}" archived`);
      } catch (failure) {
        reportFailure(failure, changeFailed);
      }
    },
    async share(file) {
      try {
        await navigator.clipboard.writeText(file.url);
        toast.success(text.copied);
      } catch {
        toast.error('The URL could not be copied to the clipboard.');
      }
    },
    async remove(keys) {
      const [only] = keys;
      if (keys.length !== 1 || !only) return bulk(keys, 'delete');
      try {
        await deleteFile(only).unwrap();
        toast.success(`${countOf(1, text)} deleted`);
        return true;
      } catch (failure) {
        reportFailure(failure, `The ${text.noun} could not be deleted. Please try again.`);
        return false;
      }
    },
    bulk,
  };
}
