import { PageHeader } from '../../components/PageHeader';

export function ModerationPage() {
  return (
    <PageHeader title="Moderation" description="This page is for moderation tools and content." />
  );
}
