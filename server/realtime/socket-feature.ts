import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ActiveSession } from '../core/session';
import type { Db } from '../db/schema';

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

/** What a socket feature is built with: the pool, and the URL for a LISTEN connection of its own. */
export interface ListenDeps {
  db: Db;
  connectionString: string;
  logger: Logger;
}
