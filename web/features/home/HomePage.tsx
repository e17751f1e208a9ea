import { SquarePen } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { PageHeader } from '../../components/PageHeader';
import { SectionErrorBoundary } from '../../components/SectionErrorBoundary';
import { Button } from '../../components/ui/button';
import { useRootPageView } from '../analytics';
import { useSession } from '../auth';
import { lazyPage } from '../../lib/lazyPage';
import { FeedSkeleton } from './FeedSkeleton';

/**
 * The feed brings the posts' schemas (zod), the list virtualiser and the cards: it loads beside
 * the page's first render, which shows the skeletons meanwhile, so the first page stays within
 * its JavaScript budget.
 */
export const HomeFeed = lazyPage(() => import('./HomeFeed'), 'HomeFeed');
const VisitorHome = lazyPage(() => import('./VisitorHome'), 'VisitorHome');

const DESCRIPTION = 'Posts and videos from you, your friends and the people you follow.';

/** `/` for a member and `/home` for everyone: the home feed (000 §2, §4). */
export function HomePage() {
  const session = useSession();
  useRootPageView();
  return (
    <>
      <PageHeader title="Home" description={DESCRIPTION}>
        {session.status === 'signed-in' && (
          <Button asChild>
            <Link to="/create-post">
              <SquarePen aria-hidden />
              Create post
            </Link>
          </Button>
        )}
      </PageHeader>
      <div className="mx-auto w-full max-w-2xl">
        {session.status === 'signed-in' ? (
          <SectionErrorBoundary>
            <Suspense fallback={<FeedSkeleton />}>
              <HomeFeed />
            </Suspense>
          </SectionErrorBoundary>
        ) : session.status === 'signed-out' ? (
          <SectionErrorBoundary>
            <Suspense fallback={<LoadingState />}>
              <VisitorHome />
            </Suspense>
          </SectionErrorBoundary>
        ) : session.status === 'error' ? (
          <ErrorState {...session.failure} onRetry={session.retry} />
        ) : (
          <LoadingState />
        )}
      </div>
    </>
  );
}
