import { useEffect } from 'react';
import { useSession } from '../auth';
import { withReporter } from './reporterLoader';

/** Browser errors and vitals are reported while a member is signed in, as the API requires. */
export function MonitoringSessionSync() {
  const signedIn = useSession().status === 'signed-in';
  useEffect(() => {
    withReporter((reporter) => reporter.setMonitoringEnabled(signedIn));
  }, [signedIn]);
  return null;
}
