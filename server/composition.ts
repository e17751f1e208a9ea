import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Config } from './config';
import type { QueryResult } from 'pg';
import { AfterCommitSender } from './db/after-commit';
import { CommandRunner } from './core/command-runner';
import { CommitBatcher } from './core/commit-batcher';
import { pipelineQuery } from './db/pipeline';
import { MeaningCatalogue } from './core/meaning-catalogue';
import type { FirstScreenContent, FirstScreenPage } from '../shared/first-screen';
import type {
  DomainModule,
  FirstScreenReaders,
  ModuleDeps,
  RuntimeDeps,
  ServerErrorContext,
} from './core/module';
import type { SessionFinder, TokenFinder } from './core/session';
import type { BackgroundWorker } from './core/worker';
import type { ReadReplicas } from './db/replicas';
import type { Db } from './db/schema';
import { createEventStore, type EventStore } from './eventstore/append';
import {
  createEventPartitionWorker,
  ensureEventPartitions,
  eventPartitionPlan,
} from './eventstore/partitions';
import type { Projection } from './eventstore/projection';
import type { StoredEvent } from './eventstore/stored-event';
import { z } from 'zod';
import type { FirstScreenReader } from './http/first-screen';
import type { PathMount } from './http/path-mount';
import { defineRoute, type AnyRouteSpec } from './http/route-spec';
import { modules as allModules } from './domains/modules';
import type { Pusher } from './realtime/pusher';
import type { LiveRelay } from './realtime/relay';
import type { RelayedCache } from './realtime/relayed-cache';
import type { SocketFeature } from './realtime/socket-feature';

/** The event-store side of the modules: what a rebuild, a restore or a test needs. */
export interface Model {
  modules: readonly DomainModule[];
  meanings: MeaningCatalogue;
  projections: readonly Projection[];
  eventStore: EventStore;
}

export function composeModel(modules: readonly DomainModule[] = allModules): Model {
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`Two modules are named ${module.name}`);
    names.add(module.name);
  }
  const meanings = new MeaningCatalogue(
    modules.flatMap((module) =>
      module.meanings ? [{ module: module.name, meanings: module.meanings }] : [],
    ),
  );
  const projections = modules.flatMap((module) => module.projections?.(meanings) ?? []);
  return { modules, meanings, projections, eventStore: createEventStore(projections) };
}

/**
 * The session's summary (auth) with what the drawn page shows, read by the module that owns the
 * page (posts: home and post; messaging: messages). A page no composed module reads is not drawn.
 */
function firstScreenReader(
  modules: readonly DomainModule[],
  deps: ModuleDeps,
): FirstScreenReader | null {
  const summary = modules.find((module) => module.sessionSummary)?.sessionSummary?.();
  if (!summary) return null;
  const readers: FirstScreenReaders = Object.assign(
    {},
    ...modules.map((module) => module.firstScreens?.(deps) ?? {}),
  );
  return async (session, page) => {
    // The map is keyed by the page's name, so its reader takes that page.
    const read = readers[page.name] as
      ((page: FirstScreenPage, memberId: string) => Promise<FirstScreenContent | null>) | undefined;
    const content = read ? await read(page, session.userId) : null;
    return content && { session: summary(session), ...content };
  };
}

/** The parts of every module, built once per server process. */
export interface Application extends Model {
  deps: ModuleDeps;
  commands: CommandRunner;
  routes: AnyRouteSpec[];
  mounts: PathMount[];
  apiMiddleware: RequestHandler[];
  pushers: Pusher[];
  caches: RelayedCache[];
  socketFeatures: SocketFeature[];
  findSession: SessionFinder;
  findToken: TokenFinder;
  /** The same from a per-process cache (`cachedSessions`), for the mounts outside the API. */
  findCachedSession: SessionFinder;
  /** What a member's home drawn by the server shows; null without the modules that say it. */
  readFirstScreen: FirstScreenReader | null;
  onServerError(error: unknown, where: ServerErrorContext): void;
  workers(runtime: { io: Server; relay: LiveRelay }): BackgroundWorker[];
  start(): Promise<void>;
  /** Resolves once the signals of every commit so far are sent (before the pool closes). */
  settled(): Promise<void>;
}

export interface ApplicationOptions {
  config: Config;
  db: Db;
  logger: Logger;
  connectionString: string;
  /** Streaming replicas for the read models' reads; absent, every read is the primary's. */
  replicas?: ReadReplicas | null;
  /** Told after each commit that appended events: wakes the live relays. */
  onCommitted(events: StoredEvent[]): void;
}

export function composeApplication(
  options: ApplicationOptions,
  modules: readonly DomainModule[] = allModules,
): Application {
  const model = composeModel(modules);
  const signals = new AfterCommitSender(options.db, options.logger);
  const replicas = options.replicas ?? null;
  const commands = new CommandRunner({
    db: options.db,
    committed: replicas ? () => replicas.writes.committed() : undefined,
    projections: model.projections,
    onCommitted: options.onCommitted,
    afterCommit: (statements) => signals.send(statements),
    writeLane: options.config.COMMAND_BATCHING
      ? new CommitBatcher(async (statements) => {
          const { rows } = await options.db.executeQuery(pipelineQuery(statements));
          return rows as unknown as QueryResult<Record<string, unknown>>[];
        })
      : undefined,
  });
  const deps: ModuleDeps = {
    config: options.config,
    db: options.db,
    readDb: replicas?.router.db ?? options.db,
    databaseStatus: () => replicas?.router.status() ?? { replicasConfigured: false, targets: [] },
    logger: options.logger,
    connectionString: options.connectionString,
    commands,
    meanings: model.meanings,
    projections: model.projections,
    eventStore: model.eventStore,
  };
  const sessionFinders = modules.flatMap((module) =>
    module.sessions ? [module.sessions(deps)] : [],
  );
  if (sessionFinders.length !== 1) {
    throw new Error(`Exactly one module must find sessions; ${sessionFinders.length} do`);
  }
  const tokenFinders = modules.flatMap((module) => (module.tokens ? [module.tokens(deps)] : []));
  if (tokenFinders.length !== 1) {
    throw new Error(`Exactly one module must find API tokens; ${tokenFinders.length} do`);
  }
  const errorSinks = modules.flatMap((module) =>
    module.onServerError ? [module.onServerError] : [],
  );
  const enabled = (route: AnyRouteSpec) => !route.testOnly || options.config.ENABLE_TEST_ROUTES;
  const commandStats = defineRoute({
    method: 'get',
    path: '/test/command-stats',
    summary: "This process's commands: runs, round trips and retries (benchmarks only)",
    auth: 'public',
    testOnly: true,
    tag: 'test',
    responses: { 200: z.record(z.string(), z.unknown()) },
    async handler(_input, _req, res) {
      res.json(commands.stats.snapshot());
    },
  });
  return {
    ...model,
    deps,
    commands,
    routes: [
      ...modules.flatMap((module) =>
        (module.routes?.(deps) ?? []).map((route) => ({ tag: module.name, ...route })),
      ),
      commandStats,
    ].filter(enabled),
    mounts: modules.flatMap((module) => module.mounts?.(deps) ?? []),
    apiMiddleware: [
      ...(replicas ? [replicas.writes.middleware()] : []),
      ...modules.flatMap((module) => module.apiMiddleware?.(deps) ?? []),
    ],
    pushers: modules.flatMap((module) => module.pushers?.(deps) ?? []),
    caches: modules.flatMap((module) => module.caches?.(deps) ?? []),
    socketFeatures: modules.flatMap((module) => module.socketFeatures?.(deps) ?? []),
    findSession: sessionFinders[0]!,
    findToken: tokenFinders[0]!,
    findCachedSession:
      modules.flatMap((module) =>
        module.cachedSessions ? [module.cachedSessions(deps)] : [],
      )[0] ?? sessionFinders[0]!,
    readFirstScreen: firstScreenReader(modules, deps),
    onServerError: (error, where) => errorSinks.forEach((sink) => sink(error, where)),
    workers: (runtime) => {
      const runtimeDeps: RuntimeDeps = { ...deps, ...runtime };
      const partitions = createEventPartitionWorker({
        db: options.db,
        logger: options.logger,
        plan: eventPartitionPlan(options.config),
        intervalMs: options.config.EVENT_PARTITION_CHECK_MS,
      });
      return [partitions, ...modules.flatMap((module) => module.workers?.(runtimeDeps) ?? [])];
    },
    start: async () => {
      // Modules may append as they start: the log's partitions must be there first.
      await ensureEventPartitions(options.db, eventPartitionPlan(options.config));
      for (const module of modules) await module.start?.(deps);
    },
    settled: () => signals.settled(),
  };
}
