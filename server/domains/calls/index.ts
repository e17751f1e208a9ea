import type { DomainModule } from '../../core/module';
import { callMeanings } from './call-meanings';
import { createCallSignalling } from './call-signalling';
import { callsProjection } from './calls-projection';
import { createCallsPusher } from './calls-pusher';
import { createRingTimeoutWorker } from './ring-timeout-worker';
import { callRoutes } from './routes';

/**
 * One-to-one voice and video calls between members who may message each other. The call's
 * state is the server's (events on the conversation's stream, projected into `calls`), its end
 * an entry of the thread; the media flow peer to peer, connected by signals relayed over the
 * sockets and never stored.
 */
export const callsModule: DomainModule = {
  name: 'calls',
  meanings: callMeanings,
  projections: () => [callsProjection],
  routes: callRoutes,
  pushers: () => [createCallsPusher()],
  socketFeatures: (deps) => [createCallSignalling(deps)],
  workers: (deps) => [createRingTimeoutWorker(deps)],
};
