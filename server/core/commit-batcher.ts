import type { QueryResult } from 'pg';
import { failedStatementIndex } from '../db/pipeline';
import { countRoundTrip, outsideRoundTripCount } from '../db/round-trips';
import type { Statement } from '../db/statement';

type PgResult = QueryResult<Record<string, unknown>>;

/** A stream a write appends to, at the version its command read, and how many events. */
export interface StreamWrite {
  streamId: string;
  expectedVersion: number;
  count: number;
}

/** A command's write: its statements, and the appends they make (for conflicts seen early). */
export interface WriteRequest {
  statements: readonly Statement[];
  appends: readonly StreamWrite[];
}

/** How a command's write reaches the database: on its own, or in a batch with others. */
export interface WriteLane {
  /** Runs the statements as one transaction; one result per statement, in order. */
  write(request: WriteRequest): Promise<PgResult[]>;
}

interface PendingWrite extends WriteRequest {
  resolve(results: PgResult[]): void;
  reject(error: unknown): void;
  /** Written alone: a batch failed without saying which statement failed. */
  alone: boolean;
}

/** Deadlocks and serialisation failures belong to no command: the batch is tried again. */
const TRANSIENT = new Set(['40P01', '40001']);

/** Streams whose latest version this process wrote, kept to spot stale writes before sending. */
const REMEMBERED_STREAMS = 10_000;

/** The error a write gets when it is known to be stale: the runner reads and decides again. */
function staleWrite(): Error {
  return Object.assign(new Error('the stream moved since the command read it'), { code: 'AG409' });
}

/**
 * Group commit for command writes. While one batch is being written, the writes that arrive wait
 * and then go together as the next: one pipeline, one transaction, one commit, one round trip. An
 * idle lane writes a lone command at once, so batching adds latency only under load, where it
 * removes the per-write cost that dominates on a small machine (docs/performance.md).
 *
 * A write that would append to a stream another write of the same batch appends to, or to a
 * stream this lane has since moved past the version it read, would fail in the database and
 * take the whole batch with it: it is held out, and told to read again once the batch has
 * committed. When a batch fails anyway, the statement that failed names its command: that command
 * gets the error (a refusal, a conflict) and the others are written again without it. One lane,
 * so two batches never hold row locks against each other.
 */
export class CommitBatcher implements WriteLane {
  private readonly queue: PendingWrite[] = [];
  private readonly versions = new Map<string, number>();
  private writing = false;

  constructor(
    private readonly execute: (statements: readonly Statement[]) => Promise<PgResult[]>,
    /** Statements per batch at most: a bound on one transaction's size and lock span. */
    private readonly maxStatements = 1000,
  ) {}

  write(request: WriteRequest): Promise<PgResult[]> {
    // However many commands share the batch, each is counted one round trip, its own.
    countRoundTrip();
    return new Promise((resolve, reject) => {
      this.queue.push({ ...request, resolve, reject, alone: false });
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const { batch, stale } = this.take();
    void outsideRoundTripCount(() => this.run(batch)).finally(() => {
      // Told only now, so that reading again sees what this batch committed.
      for (const pending of stale) pending.reject(staleWrite());
      this.writing = false;
      this.next();
    });
  }

  private isStale(pending: PendingWrite): boolean {
    return pending.appends.some(
      (append) => append.expectedVersion < (this.versions.get(append.streamId) ?? 0),
    );
  }

  private take(): { batch: PendingWrite[]; stale: PendingWrite[] } {
    const batch: PendingWrite[] = [];
    const stale: PendingWrite[] = [];
    const claimed = new Set<string>();
    let size = 0;
    while (this.queue.length > 0) {
      const candidate = this.queue[0]!;
      if (candidate.alone && batch.length > 0) break;
      if (batch.length > 0 && size + candidate.statements.length > this.maxStatements) break;
      this.queue.shift();
      if (this.isStale(candidate) || candidate.appends.some((a) => claimed.has(a.streamId))) {
        stale.push(candidate);
        continue;
      }
      batch.push(candidate);
      size += candidate.statements.length;
      for (const append of candidate.appends) claimed.add(append.streamId);
      if (candidate.alone) break;
    }
    return { batch, stale };
  }

  private remember(written: PendingWrite[]): void {
    for (const pending of written) {
      for (const { streamId, expectedVersion, count } of pending.appends) {
        this.versions.delete(streamId);
        this.versions.set(streamId, expectedVersion + count);
      }
    }
    // A Map iterates in insertion order: the first keys are the least recently written.
    for (const streamId of this.versions.keys()) {
      if (this.versions.size <= REMEMBERED_STREAMS) break;
      this.versions.delete(streamId);
    }
  }

  private async run(batch: PendingWrite[]): Promise<void> {
    if (batch.length === 0) return;
    const starts: number[] = [];
    const all: Statement[] = [];
    for (const pending of batch) {
      starts.push(all.length);
      all.push(...pending.statements);
    }
    let results: PgResult[];
    try {
      results = await this.execute(all);
    } catch (error) {
      this.retryWithout(batch, starts, error);
      return;
    }
    this.remember(batch);
    batch.forEach((pending, i) =>
      pending.resolve(results.slice(starts[i], starts[i]! + pending.statements.length)),
    );
  }

  /** Gives the failure to the command whose statement failed, and queues the others again. */
  private retryWithout(batch: PendingWrite[], starts: number[], error: unknown): void {
    const index = failedStatementIndex(error);
    const code = (error as { code?: string } | null)?.code;
    let culprit = -1;
    if (batch.length === 1) culprit = 0;
    else if (index !== undefined && !(code && TRANSIENT.has(code))) {
      culprit = starts.findLastIndex((start) => start <= index);
    }
    if (culprit >= 0) batch[culprit]!.reject(error);
    // Without a culprit (the connection failed, a deadlock) each is written alone, so the
    // failure, if it is one command's, lands on that command only.
    const again = batch
      .filter((_, i) => i !== culprit)
      .map((pending) => ({ ...pending, alone: pending.alone || culprit < 0 }));
    this.queue.unshift(...again);
  }
}
