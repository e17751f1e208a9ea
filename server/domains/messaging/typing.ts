import type { SocketFeature } from '../../realtime/socket-feature';
import type { LiveDeps } from '../live';

export function createTypingFeature(_deps: LiveDeps): SocketFeature {
  return { name: 'typing', attach: () => undefined };
}
