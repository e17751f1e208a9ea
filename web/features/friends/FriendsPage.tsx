import { PageHeader } from '../../components/PageHeader';

export function FriendsPage() {
  return (
    <PageHeader
      title="Friends"
      description="Your friends, the friend requests you received, and people you may know."
    />
  );
}
