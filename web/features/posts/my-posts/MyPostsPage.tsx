import { PageHeader } from '../../../components/PageHeader';

export function MyPostsPage() {
  return (
    <PageHeader title="My Posts" description="Write, publish and manage your posts and drafts." />
  );
}
