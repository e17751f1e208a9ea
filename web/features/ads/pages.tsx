import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';

export function TestAdsPage() {
  return (
    <PageHeader
      title="Test Ads"
      description="How sponsored cards rotate in the floating and feed placements."
    />
  );
}

export function FeedAdPage() {
  const { pathname } = useLocation();
  const number = /feed-ad(\d)$/.exec(pathname)?.[1] ?? '';
  return (
    <PageHeader
      title={`Feed Ad ${number}`.trim()}
      description="A sponsored card as it appears between posts in the feed."
    />
  );
}
