import { sql, type RawBuilder } from 'kysely';
import { lock } from '../../core/guards';
import type { Statement } from '../../db/statement';

/*
 * Where a post sorts in feeds. A time decided by the command, or a position taken when the
 * event is inserted, can belong to a transaction that commits after a later one: a reader who
 * saw the later post at the top of their feed would then find the earlier one below it, behind
 * pages already read and under the "new posts" it looks for above its top. So a command that
 * publishes takes one lock before it appends, and the post sorts by the log position of its
 * `PostPublished`: positions given under the lock rise in commit order. The position is read
 * back from the log inside the projection's statement, so a rebuild gives every post the same.
 */

/** Taken by a command that publishes, before its events are appended; held to its commit. */
export const feedOrderLock = (): Statement => lock('posts:feed-order');

/** The log position of the event being projected, read in its own transaction. */
export const positionOf = (event: {
  streamId: string;
  streamVersion: number;
}): RawBuilder<number> =>
  sql<number>`(select e.global_position from events e
    where e.stream_id = ${event.streamId} and e.stream_version = ${event.streamVersion}::int)`;
