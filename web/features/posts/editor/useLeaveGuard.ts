import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router-dom';

/**
 * While there are unsaved changes, leaving asks first (001 §4): a move to another page inside the
 * app is held by the router until the member answers, and closing or reloading the tab gets the
 * browser's own question (browsers show their own words there, not ours).
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  // Changes saved while the question was open leave nothing to ask about.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);

  return blocker;
}
