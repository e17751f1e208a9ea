import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { FullPageError, FullPageLoading } from '../../components/PageStates';
import { useAuthGuardSetting } from '../config';
import { pendingRedirectCleared, selectPendingRedirect } from './authSlice';
import { decideGuard, type RouteAccess } from './guard';
import { useSession } from './session';

export interface RequireAccessProps {
  access: RouteAccess;
  children: ReactNode;
}

/** Renders its route only for the audience the route is meant for (spec 000 §2). */
export function RequireAccess({ access, children }: RequireAccessProps) {
  const location = useLocation();
  const session = useSession();
  const authGuard = useAuthGuardSetting();
  const pending = useAppSelector(selectPendingRedirect);
  const decision = decideGuard({
    access,
    session: session.status,
    authGuard,
    location: `${location.pathname}${location.search}${location.hash}`,
    pending,
    passwordRotationRequired: session.user?.passwordRotationRequired === true,
  });

  switch (decision.kind) {
    case 'loading':
      if (access !== 'visitor') return <FullPageLoading />;
      // A visitor's page (sign-in, create account) is drawn at once rather than after the
      // session's answer and its parser: most who open it are visitors, and a member is sent on
      // as soon as the answer says so.
      return <VisitorPage waiting>{children}</VisitorPage>;
    case 'error':
      return <FullPageError {...session.failure} onRetry={session.retry} />;
    case 'redirect':
      return (
        <Navigate
          to={decision.to}
          replace
          state={decision.from === undefined ? undefined : { from: decision.from }}
        />
      );
    case 'render':
      return access === 'visitor' ? (
        <VisitorPage waiting={false}>{children}</VisitorPage>
      ) : (
        children
      );
  }
}

/**
 * A visitor's page takes no input while the session is unknown: a sign-in sent before the
 * answer would be overwritten by it (signed out). The same element before and after, so the
 * page is not drawn a second time when the answer comes.
 */
function VisitorPage({ waiting, children }: { waiting: boolean; children: ReactNode }) {
  return (
    <div inert={waiting} className="contents">
      {children}
    </div>
  );
}

/**
 * A pending redirect is spent once the member has moved; clearing it then keeps it from steering
 * a later, unrelated sign-in.
 */
export function PendingRedirectReset() {
  const dispatch = useAppDispatch();
  const { key } = useLocation();
  useEffect(() => {
    dispatch(pendingRedirectCleared());
  }, [dispatch, key]);
  return null;
}
