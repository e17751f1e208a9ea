import { sql } from 'kysely';
import type { Trx } from '../../server/db/schema';
import { insertEventsInBulk } from '../../server/eventstore/bulk-insert';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const COLUMNS = 'global_position, stream_id, stream_version, type, data, metadata, occurred_at';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

type Row = [position: number, streamId: string, version: number];
type Outcome = ({ inserted: number } | { refused: string }) & {
  /** The bulk-inserted events the log then held, `stream:version` in position order. */
  inLog: string[];
  streams: Record<string, number>;
  triggerOn: boolean;
};

class RolledBack extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back');
  }
}

/** Whether the log's own trigger still refuses a version its stream already has. */
const triggerOn = (trx: Trx) =>
  sql`insert into events (stream_id, stream_version, type, data) values ('held-1', 2, 'Again', '{}')`
    .execute(trx)
    .then(
      () => false,
      (error: { message: string }) => error.message.includes('already has version'),
    );

/**
 * A stream held in the log (two events appended the ordinary way, the trigger judging each),
 * then `rows` through the bulk insert, in one transaction rolled back: what was inserted, or why
 * it was refused, with the streams' versions the transaction saw.
 */
async function bulk(rows: Row[]): Promise<Outcome> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await sql`lock table events in exclusive mode`.execute(trx);
      await sql`insert into events (global_position, stream_id, stream_version, type, data)
        overriding system value
        values (1000, 'held-1', 1, 'Held', '{}'), (1001, 'held-1', 2, 'Held', '{}')`.execute(trx);
      await sql`create temp table restore_rows on commit drop as
        select ${sql.raw(COLUMNS)} from events limit 0`.execute(trx);
      for (const [position, streamId, version] of rows) {
        await sql`insert into restore_rows (${sql.raw(COLUMNS)})
          values (${position}, ${streamId}, ${version}, 'Restored', '{}', '{}', now())`.execute(
          trx,
        );
      }
      const outcome = await insertEventsInBulk(trx, 'restore_rows', COLUMNS).then(
        (inserted) => ({ inserted }),
        (error: unknown) => ({ refused: (error as Error).message }),
      );
      const { rows: inLog } = await sql<{ key: string }>`
        select stream_id || ':' || stream_version as key from events
        where type = 'Restored' order by global_position`.execute(trx);
      const { rows: streams } = await sql<{ stream_id: string; version: number }>`
        select stream_id, version from event_streams order by stream_id`.execute(trx);
      throw new RolledBack({
        ...outcome,
        inLog: inLog.map((row) => row.key),
        streams: Object.fromEntries(streams.map((s) => [s.stream_id, s.version])),
        triggerOn: await triggerOn(trx),
      });
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome;
    throw error;
  }
  throw new Error('the transaction was not rolled back');
}

describe('inserting many events at once', () => {
  it('lets in what moves each stream forward, advances the streams, and leaves the trigger on', async () => {
    const outcome = await bulk([
      [10, 'new-1', 1],
      [11, 'held-1', 3],
      [12, 'new-1', 2],
      [13, 'new-2', 1],
      [14, 'held-1', 4],
    ]);
    expect(outcome).toEqual({
      inserted: 5,
      inLog: ['new-1:1', 'held-1:3', 'new-1:2', 'new-2:1', 'held-1:4'],
      streams: { 'held-1': 4, 'new-1': 2, 'new-2': 1 },
      triggerOn: true,
    });
  });

  it('refuses, in the trigger’s words, a version the stream already has in the log', async () => {
    const outcome = await bulk([
      [10, 'new-1', 1],
      [11, 'held-1', 2],
    ]);
    expect(outcome).toEqual({
      refused: 'stream held-1 already has version 2',
      inLog: [],
      streams: { 'held-1': 2 },
      triggerOn: true,
    });
  });

  it('refuses a stream going backwards or repeating itself within the set, and writes nothing', async () => {
    const refusedWithNothingWritten = {
      refused: 'stream new-1 already has version 1',
      inLog: [],
      streams: { 'held-1': 2 },
      triggerOn: true,
    };
    expect(
      await bulk([
        [10, 'new-1', 2],
        [11, 'new-1', 1],
      ]),
    ).toEqual(refusedWithNothingWritten);
    expect(
      await bulk([
        [10, 'new-1', 1],
        [11, 'new-1', 1],
      ]),
    ).toEqual(refusedWithNothingWritten);
  });

  it('lets a stream start at any version, as an append to a stream the log lacks may', async () => {
    expect(await bulk([[10, 'new-1', 5]])).toEqual({
      inserted: 1,
      inLog: ['new-1:5'],
      streams: { 'held-1': 2, 'new-1': 5 },
      triggerOn: true,
    });
  });
});
