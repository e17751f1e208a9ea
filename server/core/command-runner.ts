import type { QueryResult } from 'pg';
import type { Db } from '../db/schema';
import { pipelineQuery } from '../db/pipeline';
import { measureRoundTrips } from '../db/round-trips';
import type { Statement } from '../db/statement';
import {
  appendStatements,
  isStreamConflict,
  recordEvents,
  storedEvents,
  waitForStreamTurns,
  type StreamAppend,
} from '../eventstore/append';
import { projectAll, projectLocks, type Projection } from '../eventstore/projection';
import type { EventMetadata, StoredEvent } from '../eventstore/stored-event';
import type { Command, Decision, ReadsOf } from './command';
import type { StreamWrite, WriteLane } from './commit-batcher';
import { CommandStats } from './command-stats';
import type { CommandContext } from './context';
import { KeyedQueue } from './keyed-queue';
import { concurrentChange } from './errors';
import { isRetryRequest, refusalOf } from './guards';
import type { Read } from './reads';

/**
 * After its first lost race a command waits for the streams' turn and then cannot lose to another
 * command of theirs: attempts past the second come only from a decision that moved to other
 * streams, or a deadlock. Past the limit the caller is told to try again.
 */
const MAX_ATTEMPTS = 16;

type PgResult = QueryResult<Record<string, unknown>>;

export interface CommandRunnerDeps {
  db: Db;
  projections: readonly Projection[];
  /** Told after each commit that appended events (wakes the live relays). */
  onCommitted(events: StoredEvent[]): void;
  /**
   * Sends the statements marked `afterCommit` once the write committed; unset, they are sent in
   * the write.
   */
  afterCommit?(statements: Statement[]): void;
  /** Where optimistic writes go: a batcher for group commit; unset, each is written alone. */
  writeLane?: WriteLane;
  /** Awaited after a command's write committed, before its caller hears (read-your-writes). */
  committed?(): Promise<void>;
  now?: () => Date;
}

interface PlannedWrite<Result> {
  statements: Statement[];
  appends: StreamWrite[];
  recorded: ReturnType<typeof recordEvents>;
  insertIndex: number;
  replyIndex: number;
  decision: Decision<Result>;
  /** Sent once the write has committed. */
  afterCommit: Statement[];
}

/** A deadlock or a serialisation failure: nothing was written, and trying again is safe. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
}

async function pipelined(
  executor: Pick<Db, 'executeQuery'>,
  statements: readonly Statement[],
): Promise<PgResult[]> {
  const { rows } = await executor.executeQuery(pipelineQuery(statements));
  return rows as unknown as PgResult[];
}

/** The conflict that makes the runner read again: the stream moved between read and write. */
class RetryableConflict extends Error {
  constructor(
    /** The streams the lost write appended to: the next attempt waits for their turn. */
    readonly streams: readonly string[],
  ) {
    super('the command raced another writer');
  }
}

function metadataOf(ctx: CommandContext): EventMetadata {
  return {
    ...(ctx.actorId ? { actorId: ctx.actorId } : {}),
    ...(ctx.requestId ? { requestId: ctx.requestId } : {}),
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
  };
}

/**
 * Runs every command of every domain the same way: read in one round trip, decide in memory,
 * write in one more (guards, append, projections, effects, reply and commit together, as one
 * pipelined implicit transaction), then wake the relays. NOTIFY stays out of the write: it takes
 * a global lock at commit that serialises every committing transaction (docs/performance.md).
 */
export class CommandRunner {
  readonly stats = new CommandStats();
  private readonly now: () => Date;
  /**
   * This process's commands waiting for the same streams' turn wait here, not on a connection
   * each: a hundred members joining one community at once would otherwise hold the whole pool
   * on the lock, and every other request with it.
   */
  private readonly turnQueue = new KeyedQueue();

  constructor(private readonly deps: CommandRunnerDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  async run<Input, State, Result>(
    command: Command<Input, State, Result>,
    input: Input,
    ctx: CommandContext,
  ): Promise<Result> {
    return (await this.execute(command, input, ctx)).result;
  }

  /** As `run`, also answering the events the command appended. */
  async execute<Input, State, Result>(
    command: Command<Input, State, Result>,
    input: Input,
    ctx: CommandContext,
  ): Promise<{ result: Result; events: StoredEvent[] }> {
    let attempts = 0;
    // Optimistic first, as nearly every command meets no other writer: read, decide, write in the
    // shared lane. A command that lost a race queues for the streams it raced on instead of racing
    // again, so twelve writers on one stream are served one after another, each once.
    const contended = new Set<string>();
    const measured = await measureRoundTrips(async () => {
      for (;;) {
        attempts += 1;
        try {
          if (contended.size > 0) {
            const turns = [...contended].sort();
            return await this.turnQueue.run(JSON.stringify(turns), () =>
              this.attemptSerialized(command, input, ctx, turns),
            );
          }
          return command.serialize
            ? await this.attemptSerialized(command, input, ctx, [])
            : await this.attempt(command, input, ctx);
        } catch (error) {
          if (!(error instanceof RetryableConflict)) throw error;
          for (const stream of error.streams) contended.add(stream);
          if (attempts >= MAX_ATTEMPTS) throw concurrentChange();
        }
      }
    }).catch((error: unknown) => {
      this.stats.record(command.name, null, attempts);
      throw error;
    });
    this.stats.record(command.name, measured.trips, attempts);
    const outcome = measured.value;
    if (outcome.afterCommit.length > 0) this.deps.afterCommit!(outcome.afterCommit);
    if (outcome.events.length > 0) {
      this.deps.onCommitted(outcome.events);
      await this.deps.committed?.();
    }
    if (outcome.refusal) throw outcome.refusal;
    return { result: outcome.result, events: outcome.events };
  }

  private async attempt<Input, State, Result>(
    command: Command<Input, State, Result>,
    input: Input,
    ctx: CommandContext,
  ) {
    const reads = command.load(input, ctx);
    const state = await this.read(this.deps.db, reads, []);
    const decision = await command.decide(state, input, ctx);
    const plan = this.plan(decision, ctx, []);
    if (plan.statements.length === 0) return this.finish(plan, []);
    const lane = this.deps.writeLane;
    const results = await this.write(plan, () =>
      lane
        ? lane.write({ statements: plan.statements, appends: plan.appends })
        : pipelined(this.deps.db, plan.statements),
    );
    return this.finish(plan, results);
  }

  /**
   * The reads inside a transaction opened by the command's locks, on one reserved connection:
   * first the turns of the streams it lost a race on, then its own.
   */
  private async attemptSerialized<Input, State, Result>(
    command: Command<Input, State, Result>,
    input: Input,
    ctx: CommandContext,
    turns: readonly string[],
  ) {
    return this.deps.db.connection().execute(async (connection) => {
      const locks: Statement[] = [
        { sql: 'begin', parameters: [] },
        ...(turns.length > 0 ? [waitForStreamTurns(turns)] : []),
        ...(command.serialize?.(input, ctx) ?? []),
      ];
      let open = true;
      const rollback = async () => {
        if (!open) return;
        open = false;
        await connection.executeQuery(pipelineQuery([{ sql: 'rollback', parameters: [] }]));
      };
      try {
        const state = await this.read(connection, command.load(input, ctx), locks);
        const decision = await command.decide(state, input, ctx);
        const plan = this.plan(decision, ctx, [{ sql: 'commit', parameters: [] }]);
        if (plan.statements.length === 0) {
          await rollback();
          return this.finish(plan, []);
        }
        const results = await this.write(plan, () => pipelined(connection, plan.statements));
        open = false;
        return this.finish(plan, results);
      } catch (error) {
        await rollback().catch(() => undefined);
        throw error;
      }
    });
  }

  private async read<State>(
    executor: Pick<Db, 'executeQuery'>,
    reads: ReadsOf<State>,
    before: Statement[],
  ): Promise<State> {
    const readOf = (key: keyof State) => reads[key] as Read<unknown>;
    const keys = (Object.keys(reads) as (keyof State)[]).sort(
      (a, b) => Number(readOf(b).early ?? false) - Number(readOf(a).early ?? false),
    );
    if (keys.length === 0 && before.length === 0) return {} as State;
    const all = [...before, ...keys.map((key) => readOf(key).statement)];
    // Reads alone share their round trip with whatever else is read at the same moment; reads
    // after a serialised command's locks stay on its own transaction's connection.
    const { rows } = await executor.executeQuery(
      pipelineQuery(all, { shareable: before.length === 0 }),
    );
    const state = {} as State;
    keys.forEach((key, index) => {
      const result = rows[before.length + index] as unknown as PgResult;
      state[key] = (reads[key] as Read<State[typeof key]>).pick(result.rows);
    });
    return state;
  }

  private plan<Result>(
    decision: Decision<Result>,
    ctx: CommandContext,
    after: Statement[],
  ): PlannedWrite<Result> {
    const appends: StreamAppend[] = (decision.appends ?? []).filter((a) => a.events.length > 0);
    const recorded = recordEvents(appends, metadataOf(ctx), this.now());
    const writes = appendStatements(appends, recorded, { inTurn: true });
    const guards = [...(decision.guards ?? []), ...projectLocks(this.deps.projections, recorded)];
    const sender = this.deps.afterCommit;
    const allEffects = decision.effects ?? [];
    const effects = sender ? allEffects.filter((s) => !s.afterCommit) : allEffects;
    const changes = [
      ...guards,
      ...writes,
      ...projectAll(this.deps.projections, recorded),
      ...effects,
    ];
    const statements =
      changes.length === 0 && !decision.reply
        ? []
        : [...changes, ...(decision.reply ? [decision.reply.statement] : []), ...after];
    return {
      statements,
      appends: appends.map(({ streamId, expectedVersion, events }) => ({
        streamId,
        expectedVersion,
        count: events.length,
      })),
      recorded,
      insertIndex: recorded.length > 0 ? guards.length + writes.length - 1 : -1,
      replyIndex: decision.reply ? changes.length : -1,
      decision,
      afterCommit: sender ? allEffects.filter((s) => s.afterCommit) : [],
    };
  }

  private async write<Result>(
    plan: PlannedWrite<Result>,
    send: () => Promise<PgResult[]>,
  ): Promise<PgResult[]> {
    try {
      return await send();
    } catch (error) {
      if (isStreamConflict(error) || isRetryRequest(error) || isTransient(error)) {
        throw new RetryableConflict(plan.appends.map((append) => append.streamId));
      }
      throw refusalOf(error) ?? error;
    }
  }

  private finish<Result>(plan: PlannedWrite<Result>, results: PgResult[]) {
    const { decision } = plan;
    const events =
      plan.insertIndex >= 0
        ? storedEvents(plan.recorded, results[plan.insertIndex]!.rows as never)
        : [];
    const result =
      plan.replyIndex >= 0
        ? decision.reply!.pick(results[plan.replyIndex]!.rows)
        : (decision.result as Result);
    const afterCommit = plan.statements.length > 0 ? plan.afterCommit : [];
    return { result, events, afterCommit, refusal: decision.refuseAfterCommit ?? null };
  }
}
