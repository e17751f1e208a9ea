import type { ReactNode } from 'react';
import type { Profile } from '../../../shared/profiles';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { useSelfId, useSubjectProfile } from './useSubjectProfile';

/**
 * The frame of the profile sub-pages: waits for the session and the subject's profile, shows the
 * spec's failure text, and renders the page once the profile is known.
 */
export function SubjectPage({
  loadingLabel,
  children,
}: {
  loadingLabel: string;
  children: (profile: Profile) => ReactNode;
}) {
  const selfId = useSelfId();
  if (!selfId) return <LoadingState label={loadingLabel} />;
  return (
    <Subject selfId={selfId} loadingLabel={loadingLabel}>
      {children}
    </Subject>
  );
}

function Subject({
  selfId,
  loadingLabel,
  children,
}: {
  selfId: string;
  loadingLabel: string;
  children: (profile: Profile) => ReactNode;
}) {
  const { view } = useSubjectProfile(selfId);
  if (view.state === 'loading') return <LoadingState label={loadingLabel} />;
  if (view.state === 'failed') {
    return (
      <div data-testid="profile-error">
        <ErrorState
          title={view.message}
          message="Check the address, or try again."
          onRetry={view.retry}
        />
      </div>
    );
  }
  return <>{children(view.profile)}</>;
}
