import { PageHeader } from '../../components/PageHeader';

export function CommunityPage() {
  return (
    <PageHeader
      title="Community Hub"
      description="Members, discussions, events and posts of the community."
    />
  );
}

export function CreateCommunityPage() {
  return (
    <PageHeader
      title="Create Community"
      description="Start a community around a shared interest."
    />
  );
}
