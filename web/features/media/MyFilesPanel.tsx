import { useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { mediaMessages, type MediaFile } from '../../../shared/media';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { apiErrorOf } from '../../lib/formErrors';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { listedFiles } from './fileList';
import {
  useDeleteFileMutation,
  useGetDownloadUrlMutation,
  useGetFilesInfiniteQuery,
  useUpdateFileMutation,
} from './mediaApi';
import { MyFileRow } from './MyFileRow';
import { StorageUsageBar } from './StorageUsageBar';

/** Hands a URL to the browser to save: the server's Content-Disposition makes it a download. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.click();
}

const failed = (failure: unknown, fallback: string) =>
  toast.error(apiErrorOf(failure)?.message ?? fallback);

/** My Files (002 §2): every kind of file the member keeps, with the storage they use. */
export function MyFilesPanel() {
  const query = useGetFilesInfiniteQuery({ tab: 'all' });
  const files = useMemo(() => listedFiles(query.data), [query.data]);
  const [updateFile] = useUpdateFileMutation();
  const [deleteFile] = useDeleteFileMutation();
  const [getDownloadUrl] = useGetDownloadUrlMutation();
  const [downloadingKey, setDownloadingKey] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MediaFile | null>(null);

  async function download(file: MediaFile) {
    setDownloadingKey(file.key);
    try {
      startDownload((await getDownloadUrl(file.key).unwrap()).downloadUrl);
    } catch (failure) {
      failed(failure, `"${file.name}" could not be downloaded. Please try again.`);
    } finally {
      setDownloadingKey(null);
    }
  }

  async function setPublic(file: MediaFile, isPublic: boolean) {
    try {
      await updateFile({ key: file.key, change: { isPublic } }).unwrap();
      toast.success(`"${file.name}" is now ${isPublic ? 'public' : 'private'}`);
    } catch (failure) {
      failed(failure, `"${file.name}" could not be changed. Please try again.`);
    }
  }

  async function copy(file: MediaFile) {
    try {
      await navigator.clipboard.writeText(file.url);
      toast.success(mediaMessages.urlCopied);
    } catch {
      toast.error('The URL could not be copied to the clipboard.');
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const file = deleting;
    setDeleting(null);
    try {
      await deleteFile(file.key).unwrap();
      toast.success(`"${file.name}" deleted`);
    } catch (failure) {
      failed(failure, `"${file.name}" could not be deleted. Please try again.`);
    }
  }

  let list: ReactNode;
  if (query.isLoading) list = <LoadingState label="Loading your files…" />;
  else if (query.isError && files.length === 0) {
    list = (
      <ErrorState
        title="Your files could not be loaded"
        message="Check your connection and try again."
        onRetry={() => void query.refetch()}
      />
    );
  } else if (files.length === 0) {
    list = (
      <p className="py-10 text-center text-sm text-muted-foreground">
        No files yet. Upload some in the Upload Files tab.
      </p>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-2" aria-label="My files">
        {files.map((file) => (
          <MyFileRow
            key={file.key}
            file={file}
            downloading={downloadingKey === file.key}
            onPublicChange={(isPublic) => void setPublic(file, isPublic)}
            onDownload={() => void download(file)}
            onCopy={() => void copy(file)}
            onDelete={() => setDeleting(file)}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <StorageUsageBar />
      {list}
      <LoadMoreButton query={query} />
      <ConfirmDeleteDialog
        what={deleting ? `"${deleting.name}"` : null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
