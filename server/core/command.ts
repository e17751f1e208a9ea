import type { Statement } from '../db/statement';
import type { StreamAppend } from '../eventstore/append';
import type { CommandContext } from './context';
import type { DomainError } from './errors';
import type { Read } from './reads';

/** Each of a command's reads, by the name its decision reads it under. */
export type ReadsOf<State> = { [K in keyof State]: Read<State[K]> };

/**
 * What a command decided. The runner writes it in one round trip, in this order: `guards`
 * (locks, and rules that must hold at commit), the `appends` (each stream checked at the version
 * read), every projection of the new events, the `effects`, then the `reply` read.
 */
export interface Decision<Result> {
  appends?: StreamAppend[];
  guards?: Statement[];
  /** Operational writes that belong with the events: a session row, a queued email. */
  effects?: Statement[];
  /** Reads the answer after everything else, in the same round trip. */
  reply?: Read<Result>;
  /** The answer when nothing needs reading back. */
  result?: Result;
  /** Refuse once the write has committed: a failed sign-in is refused and still counted. */
  refuseAfterCommit?: DomainError;
}

/**
 * A command: read what the decision needs (one round trip), decide without touching the
 * database, write (one more). `decide` is pure, so its rules are tested given/when/then with no
 * database; it refuses by throwing a `DomainError`. A write that finds the stream moved since the
 * read is retried from the read.
 */
export interface Command<Input, State, Result> {
  /** `domain.verb`: how the command appears in round-trip statistics and logs. */
  name: string;
  load(input: Input, ctx: CommandContext): ReadsOf<State>;
  /** Pure, though it may take time (verifying a password hash is a computation, not I/O). */
  decide(
    state: State,
    input: Input,
    ctx: CommandContext,
  ): Decision<Result> | Promise<Decision<Result>>;
  /**
   * For the few decisions that must not even be attempted twice at once (a sign-in attempt is
   * counted before the next is judged): statements that take locks at the start of a transaction
   * in which the reads then run. Still two round trips; the write commits it.
   */
  serialize?(input: Input, ctx: CommandContext): Statement[];
}

export function defineCommand<Input, State, Result>(
  command: Command<Input, State, Result>,
): Command<Input, State, Result> {
  return command;
}

/** Appends to one stream, as a decision's `appends` entry. */
export function appendTo(
  streamId: string,
  expectedVersion: number,
  events: StreamAppend['events'],
): StreamAppend {
  return { streamId, expectedVersion, events };
}
