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

export function MonitoringDemoPage() {
  return (
    <PageHeader
      title="Monitoring and Logging"
      description="Events, performance metrics and alerts."
    />
  );
}

export function EmailDemoPage() {
  return (
    <PageHeader
      title="Email Service"
      description="The outgoing email queue, templates and test emails."
    />
  );
}

export function BackupDemoPage() {
  return (
    <PageHeader
      title="Backup and Recovery"
      description="Backups, restores and their configuration."
    />
  );
}
