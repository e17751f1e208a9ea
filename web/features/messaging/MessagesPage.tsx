import { PageHeader } from '../../components/PageHeader';

export function MessagesPage() {
  return (
    <PageHeader title="Messages" description="Your conversations with friends and contacts." />
  );
}
