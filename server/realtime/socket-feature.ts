import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import type { ApiTokenScope } from '../../shared/api-tokens/scopes';
import type { ActiveSession } from '../core/session';
import type { Db } from '../db/schema';

/**
 * Behaviour a domain adds to every authenticated socket (presence, typing). `start` and `stop`
 * bracket the process's life for whatever the feature keeps running (timers, LISTEN clients).
 */
export interface SocketFeature {
  name: string;
  /**
   * The scope a socket opened with an API token needs for this feature. A feature without one
   * is for signed-in browsers only: presence, for one, since a script holding a token is not the
   * member being here (and would keep their notifications from reaching them elsewhere).
   */
  tokenScope?: ApiTokenScope;
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

/** Whether a socket of this session gets the feature. */
export function mayUse(session: ActiveSession, feature: SocketFeature): boolean {
  const { credential } = session;
  if (credential.kind === 'cookie') return true;
  return feature.tokenScope !== undefined && credential.scopes.includes(feature.tokenScope);
}
