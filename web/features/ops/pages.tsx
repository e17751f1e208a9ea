import { PageHeader } from '../../components/PageHeader';

export function ModerationPage() {
  return (
    <PageHeader title="Moderation" description="This page is for moderation tools and content." />
  );
}

export function FileUploadDemoPage() {
  return (
    <PageHeader
      title="File Storage and CDN"
      description="Upload files and deliver them through the CDN."
    />
  );
}
