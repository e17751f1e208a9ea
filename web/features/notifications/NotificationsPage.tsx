import { PageHeader } from '../../components/PageHeader';

export function NotificationsPage() {
  return (
    <PageHeader
      title="Notifications"
      description="Updates about your friends, posts and communities."
    />
  );
}
