import { PageHeader } from '../../components/PageHeader';

export function TrendingPage() {
  return <PageHeader title="Trending" description="Posts getting the most attention right now." />;
}

export function EventsPage() {
  return <PageHeader title="Events" description="Upcoming events you can join." />;
}
