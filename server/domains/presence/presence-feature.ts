import type { SocketFeature } from '../../realtime/socket-feature';
import type { LiveDeps } from '../live';

export function createPresenceFeature(_deps: LiveDeps): SocketFeature {
  return { name: 'presence', attach: () => undefined };
}
