import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { FullPageError } from '../../components/PageStates';
import { withReporter } from '../monitoring';

/** Shown when a page throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    withReporter((reporter) => reporter.captureError(error, 'RouteErrorPage'));
  }, [error]);
  return (
    <FullPageError
      title="Something went wrong"
      message="This page could not be shown. Reloading usually helps."
      onRetry={() => window.location.reload()}
    />
  );
}
