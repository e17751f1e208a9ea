import type { QueryResult } from 'pg';
import { CommitBatcher, type StreamWrite } from '../../server/core/commit-batcher';
import type { Statement } from '../../server/db/statement';

type PgResult = QueryResult<Record<string, unknown>>;

const stmt = (name: string): Statement => ({ sql: name, parameters: [] });
const result = (name: string) => ({ rows: [{ name }] }) as unknown as PgResult;
const append = (streamId: string, expectedVersion = 1, count = 1): StreamWrite => ({
  streamId,
  expectedVersion,
  count,
});

/** A database that answers each pipeline when the test says so, failing at a chosen statement. */
function fakeDatabase() {
  const sent: string[][] = [];
  const answers: ((failAt?: { index: number; code?: string }) => void)[] = [];
  const execute = (statements: readonly Statement[]) => {
    sent.push(statements.map((s) => s.sql));
    return new Promise<PgResult[]>((resolve, reject) => {
      answers.push((failAt) => {
        if (!failAt) return resolve(statements.map((s) => result(s.sql)));
        reject(
          Object.assign(new Error('failed'), { pipelineIndex: failAt.index, code: failAt.code }),
        );
      });
    });
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    execute,
    sent,
    async answer(failAt?: { index: number; code?: string }) {
      answers.shift()!(failAt);
      await settle();
    },
  };
}

describe('commit batching', () => {
  it('writes a lone command at once and batches the ones that arrive meanwhile', async () => {
    const db = fakeDatabase();
    const lane = new CommitBatcher(db.execute);
    const first = lane.write({ statements: [stmt('a1'), stmt('a2')], appends: [append('s-a')] });
    const second = lane.write({ statements: [stmt('b1')], appends: [append('s-b')] });
    const third = lane.write({ statements: [stmt('c1')], appends: [append('s-c')] });
    expect(db.sent).toEqual([['a1', 'a2']]);
    await db.answer();
    expect(db.sent[1]).toEqual(['b1', 'c1']);
    await db.answer();
    expect((await first).map((r) => r.rows[0]!.name)).toEqual(['a1', 'a2']);
    expect((await second).map((r) => r.rows[0]!.name)).toEqual(['b1']);
    expect((await third).map((r) => r.rows[0]!.name)).toEqual(['c1']);
  });

  it('gives a failure to the command whose statement failed and writes the others again', async () => {
    const db = fakeDatabase();
    const lane = new CommitBatcher(db.execute);
    const blocker = lane.write({ statements: [stmt('x')], appends: [] });
    const a = lane.write({ statements: [stmt('a1'), stmt('a2')], appends: [append('s-a')] });
    const b = lane.write({ statements: [stmt('b1'), stmt('b2')], appends: [append('s-b')] });
    await db.answer();
    await blocker;
    expect(db.sent[1]).toEqual(['a1', 'a2', 'b1', 'b2']);
    // b2 failed (index 3): b is refused, a is written again, alone now.
    await db.answer({ index: 3 });
    await expect(b).rejects.toMatchObject({ pipelineIndex: 3 });
    expect(db.sent[2]).toEqual(['a1', 'a2']);
    await db.answer();
    expect(await a).toHaveLength(2);
  });

  it('holds out a second write to the same stream and tells it to read again after the commit', async () => {
    const db = fakeDatabase();
    const lane = new CommitBatcher(db.execute);
    const blocker = lane.write({ statements: [stmt('x')], appends: [] });
    const first = lane.write({ statements: [stmt('m1')], appends: [append('conversation-1', 4)] });
    const racing = lane.write({ statements: [stmt('m2')], appends: [append('conversation-1', 4)] });
    await db.answer();
    await blocker;
    expect(db.sent[1]).toEqual(['m1']);
    let refused = false;
    racing.catch(() => (refused = true));
    await Promise.resolve();
    expect(refused).toBe(false);
    await db.answer();
    await first;
    await expect(racing).rejects.toMatchObject({ code: 'AG409' });
    // A write that read the stream before that commit is known stale and never sent.
    const late = lane.write({ statements: [stmt('m3')], appends: [append('conversation-1', 4)] });
    await expect(late).rejects.toMatchObject({ code: 'AG409' });
    expect(db.sent).toHaveLength(2);
    const fresh = lane.write({ statements: [stmt('m4')], appends: [append('conversation-1', 5)] });
    expect(db.sent[2]).toEqual(['m4']);
    await db.answer();
    await fresh;
  });

  it('writes each command alone after a failure that names no statement (a deadlock)', async () => {
    const db = fakeDatabase();
    const lane = new CommitBatcher(db.execute);
    const blocker = lane.write({ statements: [stmt('x')], appends: [] });
    const a = lane.write({ statements: [stmt('a1')], appends: [] });
    const b = lane.write({ statements: [stmt('b1')], appends: [] });
    await db.answer();
    await blocker;
    await db.answer({ index: 1, code: '40P01' });
    expect(db.sent.slice(2)).toEqual([['a1']]);
    await db.answer();
    expect(db.sent.slice(3)).toEqual([['b1']]);
    await db.answer();
    await Promise.all([a, b]);
  });
});
