import { Navigate } from 'react-router-dom';
import { FullPageError, FullPageLoading } from '../components/PageStates';
import { selectPendingRedirect } from '../features/auth/authSlice';
import { decideRoot } from '../features/auth/guard';
import { useSession } from '../features/auth/session';
import { useAppSelector } from '../state/hooks';
import { AppShell, CreateAccountPage, HomePage } from './pages';

/** `/`: the home feed for a member, the Create Account card for a visitor (spec 000 §2). */
export function RootRoute() {
  const session = useSession();
  const pending = useAppSelector(selectPendingRedirect);
  const decision = decideRoot(
    session.status,
    pending,
    session.user?.passwordRotationRequired === true,
  );
  switch (decision.kind) {
    case 'loading':
      return <FullPageLoading />;
    case 'error':
      return <FullPageError {...session.failure} onRetry={session.retry} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'home':
      return (
        <AppShell>
          <HomePage />
        </AppShell>
      );
    case 'create-account':
      return <CreateAccountPage />;
  }
}
