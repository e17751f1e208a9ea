import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { SignedInSession } from '../../shared/auth/schemas';
import type { FirstScreenContent, FirstScreenPage } from '../../shared/first-screen';
import type { DatabaseStatus } from '../../shared/ops/database';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { EventStore } from '../eventstore/append';
import type { Projection } from '../eventstore/projection';
import type { PathMount } from '../http/path-mount';
import type { AnyRouteSpec } from '../http/route-spec';
import type { Pusher } from '../realtime/pusher';
import type { RelayedCache } from '../realtime/relayed-cache';
import type { LiveRelay } from '../realtime/relay';
import type { SocketFeature } from '../realtime/socket-feature';
import type { CommandRunner } from './command-runner';
import type { MeaningCatalogue } from './meaning-catalogue';
import type { ModuleMeanings } from './meanings';
import type { ActiveSession, SessionFinder, TokenFinder } from './session';
import type { BackgroundWorker } from './worker';

/** What every part of a module is built with. */
export interface ModuleDeps {
  config: Config;
  /** The primary: commands, their reads, sessions, and anything inside a transaction. */
  db: Db;
  /**
   * For reads of read models that tolerate a few milliseconds of lag (feeds, profiles, search):
   * a streaming replica that has replayed the member's last commit, else the primary. The same
   * as `db` when no replica is configured. Single statements only, never a transaction.
   */
  readDb: Db;
  /** Where reads went: the primary and each replica, their lag and whether in rotation. */
  databaseStatus(): DatabaseStatus;
  logger: Logger;
  /** For dedicated connections (LISTEN, COPY) outside the pool. */
  connectionString: string;
  commands: CommandRunner;
  meanings: MeaningCatalogue;
  /** Every module's projections, in the order they run (a restore rebuilds with them). */
  projections: readonly Projection[];
  /** Appends outside a command, inside a caller's transaction (seeding, tools). */
  eventStore: EventStore;
}

/** Where an unexpected server error happened, for whoever records them. */
export interface ServerErrorContext {
  url?: string;
  component: string;
  userId?: string | null;
}

/** What background work gets besides: the sockets and this process's live relay. */
export interface RuntimeDeps extends ModuleDeps {
  io: Server;
  relay: LiveRelay;
}

/**
 * A domain as the composition root sees it (`server/domains/modules.ts` lists them): everything
 * it adds to the event store, the HTTP API, the sockets and the workers, and what its events mean
 * to the others. The event store, the HTTP layer and the realtime layer receive these parts as
 * parameters and never import a domain.
 */
export interface DomainModule {
  name: string;
  meanings?: ModuleMeanings;
  /** Its read models; built from the catalogue when they consume other modules' meanings. */
  projections?(meanings: MeaningCatalogue): Projection[];
  routes?(deps: ModuleDeps): AnyRouteSpec[];
  /** Routers outside `/api` (the files' CDN paths). */
  mounts?(deps: ModuleDeps): PathMount[];
  pushers?(deps: ModuleDeps): Pusher[];
  /** Per-process caches of its read models, kept true by the live relay. */
  caches?(deps: ModuleDeps): RelayedCache[];
  socketFeatures?(deps: ModuleDeps): SocketFeature[];
  workers?(deps: RuntimeDeps): BackgroundWorker[];
  /** Runs in front of every API route (request timing). */
  apiMiddleware?(deps: ModuleDeps): RequestHandler[];
  /** Told of every unexpected server error: a failed request, an unhandled rejection. */
  onServerError?(error: unknown, where: ServerErrorContext): void;
  /** Runs once at start, after migrations (seeding defaults). */
  start?(deps: ModuleDeps): Promise<void>;
  /** The auth module: how a session cookie's token finds its member, for REST and sockets. */
  sessions?(deps: ModuleDeps): SessionFinder;
  /** The API tokens module: how a bearer token's secret finds its member, for REST and sockets. */
  tokens?(deps: ModuleDeps): TokenFinder;
  /**
   * The auth module: the same from a per-process cache, for the paths outside the API (`/cdn`)
   * that need only who is asking. Who is signed in is exact (the relay drops an ended session on
   * every process); the member's other details may be up to a minute old.
   */
  cachedSessions?(deps: ModuleDeps): SessionFinder;
  /** The auth module: the session summary a member's browser is sent (spec 002 §3). */
  sessionSummary?(): (session: ActiveSession) => SignedInSession;
  /**
   * What the module's pages show when the server draws them for a member (`server/http/
   * first-screen.ts`), read as the API answers it; null when there is nothing to draw (a post
   * the member may not see), and the app draws that page itself.
   */
  firstScreens?(deps: ModuleDeps): FirstScreenReaders;
}

/** A module's readers of the drawn pages it owns, by page. */
export type FirstScreenReaders = {
  [Name in FirstScreenPage['name']]?: (
    page: Extract<FirstScreenPage, { name: Name }>,
    memberId: string,
  ) => Promise<FirstScreenContent | null>;
};
