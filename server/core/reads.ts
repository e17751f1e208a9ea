import { sql, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import { statement, type Statement } from '../db/statement';

/**
 * One read a command's decision needs. A command names its reads and the runner sends them
 * together, in one round trip, before it decides.
 */
export interface Read<T> {
  statement: Statement;
  pick(rows: readonly unknown[]): T;
  /**
   * Runs before the other reads of a command. A stream's version is read first: each read is a
   * statement with its own snapshot, so a version read after the state could already count an
   * event the state missed, and a decision on that stale state would then append without a
   * conflict. Read first, a newer state can only meet an older version, which conflicts and
   * retries.
   */
  early?: true;
}

/** The rows a query answers. */
export function rows<R>(query: Compilable<R> | CompiledQuery<R>): Read<R[]> {
  return { statement: statement(query), pick: (found) => found as R[] };
}

/** The first row a query answers, if any. */
export function first<R>(query: Compilable<R> | CompiledQuery<R>): Read<R | undefined> {
  return { statement: statement(query), pick: (found) => found[0] as R | undefined };
}

/** One value computed by SQL (a condition of the relations policy, a count). */
export function value<V>(expression: RawBuilder<V>): Read<V> {
  return {
    statement: statement(sql`select ${expression} as value`),
    pick: (found) => (found[0] as { value: V }).value,
  };
}

/** Whether a query answers any row. */
export function exists(query: Compilable<unknown>): Read<boolean> {
  const compiled = statement(query);
  return {
    statement: { sql: `select exists (${compiled.sql}) as value`, parameters: compiled.parameters },
    pick: (found) => (found[0] as { value: boolean }).value,
  };
}

/** A stream's version as the log has it now; 0 for a stream with no events. */
export function streamVersion(streamId: string | RawBuilder<string>): Read<number> {
  const read = value(streamVersionSql(typeof streamId === 'string' ? sql`${streamId}` : streamId));
  return { ...read, early: true };
}

/**
 * The version of the stream an SQL expression names, as an SQL expression. Read from
 * `event_streams`, which every insert into the log advances in its own transaction: one probe
 * however many partitions the log has, and still right once old partitions are detached.
 */
export function streamVersionSql(streamId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`coalesce((select s.version from event_streams s
    where s.stream_id = ${streamId}), 0)`;
}

export function mapRead<T, U>(read: Read<T>, map: (value: T) => U): Read<U> {
  return { ...read, pick: (found) => map(read.pick(found)) };
}
