import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router-dom';
import type { MediaFile } from '../../../shared/media';
import { useAppDispatch } from '../../state/hooks';
import { PageHeader } from '../../components/PageHeader';
import { TabStrip } from '../../components/TabStrip';
import { CdnFeaturesPanel } from './CdnFeaturesPanel';
import { filesUploaded } from './mediaCache';
import { MyFilesPanel } from './MyFilesPanel';
import { UploadWidget } from './upload/UploadWidget';

const DEMO_TABS = [
  { value: 'upload', label: 'Upload Files' },
  { value: 'files', label: 'My Files' },
  { value: 'cdn', label: 'CDN Features' },
];

/** File Storage and CDN demo (002 §2), each tab in the address so a reload keeps it. */
export function FileUploadDemoPage() {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab = DEMO_TABS.some((t) => t.value === asked) && asked ? asked : 'upload';

  return (
    <>
      <PageHeader
        title="File Storage and CDN"
        description="Upload files, keep them private or public, and deliver them through the CDN."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'upload' ? {} : { tab: value }, { replace: true })
        }
        className="flex flex-col gap-6"
      >
        <TabStrip label="File storage sections" tabs={DEMO_TABS} />
        <Tabs.Content value="upload" className="focus-visible:outline-none">
          <UploadWidget onUploaded={(files: MediaFile[]) => dispatch(filesUploaded(files))} />
        </Tabs.Content>
        <Tabs.Content value="files" className="focus-visible:outline-none">
          <MyFilesPanel />
        </Tabs.Content>
        <Tabs.Content value="cdn" className="focus-visible:outline-none">
          <CdnFeaturesPanel />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
