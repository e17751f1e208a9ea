import { PageHeader } from '../../components/PageHeader';

export function HomePage() {
  return <PageHeader title="Home" description="Posts and videos from the people you follow." />;
}
