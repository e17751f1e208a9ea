import { Component, type ReactNode } from 'react';
import { ErrorState } from './PageStates';

interface Props {
  children: ReactNode;
}

/**
 * Keeps a failure inside one part of a page: a lazily loaded part whose code could not be
 * fetched (the connection dropped while it loaded) would otherwise reach the route's error page
 * and take the whole app with it, header and connection status included. Trying again reloads
 * the page, since the browser may keep the failed module.
 */
export class SectionErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorState onRetry={() => window.location.reload()} />;
  }
}
