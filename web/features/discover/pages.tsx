import { PageHeader } from '../../components/PageHeader';

export function EventsPage() {
  return <PageHeader title="Events" description="Upcoming events you can join." />;
}
