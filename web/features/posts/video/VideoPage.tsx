import { PageHeader } from '../../../components/PageHeader';

export function VideoPage() {
  return <PageHeader title="Video" description="Videos shared by members, with their comments." />;
}
