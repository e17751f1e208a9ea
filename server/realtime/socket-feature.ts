import type { Server, Socket } from 'socket.io';
import type { ActiveSession } from '../domains/auth/sessions';

/**
 * Behaviour a domain adds to every authenticated socket (presence, typing). `start` and `stop`
 * bracket the process's life for whatever the feature keeps running (timers, LISTEN clients).
 */
export interface SocketFeature {
  name: string;
  start?(io: Server): Promise<void>;
  attach(socket: Socket, session: ActiveSession, io: Server): void;
  stop?(): Promise<void>;
}
