import { PageHeader } from '../../components/PageHeader';

export function SavedPage() {
  return <PageHeader title="Saved Posts" description="Posts you saved to read later." />;
}
