import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router-dom';
import type { FilesTab, MediaFile } from '../../../shared/media';
import { useAppDispatch } from '../../state/hooks';
import { PageHeader } from '../../components/PageHeader';
import { TabStrip } from '../../components/TabStrip';
import { FILE_TABS, isFilesTab } from './fileList';
import { LibraryGrid } from './LibraryGrid';
import { LIBRARY_TEXT, type LibraryKind } from './libraryText';
import { filesUploaded } from './mediaCache';
import { UploadWidget } from './upload/UploadWidget';

/**
 * Images and Videos (001 §2): upload by the picker or by dropping, then the grid under the tabs
 * All, Starred, Recent and Archived. The tab is in the address, so a reload or a shared link
 * keeps it.
 */
export function MediaLibraryPage({ kind }: { kind: LibraryKind }) {
  const text = LIBRARY_TEXT[kind];
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: FilesTab = isFilesTab(asked) ? asked : 'all';

  return (
    <>
      <PageHeader title={text.title} description={text.description} />
      <section aria-labelledby={`upload-${kind}`} className="mb-8">
        <h2 id={`upload-${kind}`} className="mb-3 text-lg font-semibold">
          Upload {text.nouns}
        </h2>
        <UploadWidget
          kind={kind}
          onUploaded={(files: MediaFile[]) => dispatch(filesUploaded(files))}
        />
      </section>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'all' ? {} : { tab: value }, { replace: true })
        }
        className="flex flex-col gap-4"
      >
        <TabStrip label={`${text.title} tabs`} tabs={[...FILE_TABS]} />
        <Tabs.Content value={tab} className="focus-visible:outline-none">
          <LibraryGrid key={tab} kind={kind} tab={tab} text={text} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
