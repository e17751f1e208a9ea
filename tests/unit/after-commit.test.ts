import pino from 'pino';
import { AfterCommitSender } from '../../server/db/after-commit';
import type { PipelineRequest } from '../../server/db/pipeline';
import type { Db } from '../../server/db/schema';
import type { Statement } from '../../server/db/statement';

const notify = (channel: string, payload = ''): Statement => ({
  sql: 'select pg_notify($1, $2)',
  parameters: [channel, payload],
  afterCommit: true,
});

/** A database whose round trips the test answers one by one, keeping what each one sent. */
function fakeDatabase() {
  const sent: Statement[][] = [];
  const answers: ((error?: Error) => void)[] = [];
  const db = {
    executeQuery(query: { parameters: readonly unknown[] }) {
      sent.push([...(query.parameters[0] as PipelineRequest).statements]);
      return new Promise((resolve, reject) => {
        answers.push((error) => (error ? reject(error) : resolve({ rows: [] })));
      });
    },
  } as unknown as Db;
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    db,
    sent,
    async answer(error?: Error) {
      answers.shift()!(error);
      await settle();
    },
  };
}

const quiet = pino({ level: 'silent' });

describe('AfterCommitSender', () => {
  it('sends at once when idle, without the commit-only mark', () => {
    const fake = fakeDatabase();
    new AfterCommitSender(fake.db, quiet).send([notify('a')]);
    expect(fake.sent).toEqual([[{ sql: 'select pg_notify($1, $2)', parameters: ['a', ''] }]]);
  });

  it('folds what commits ask for during a send into one more, each statement once', async () => {
    const fake = fakeDatabase();
    const sender = new AfterCommitSender(fake.db, quiet);
    sender.send([notify('a')]);
    for (let i = 0; i < 100; i += 1) sender.send([notify('a'), notify('b')]);
    sender.send([notify('b', 'other')]);
    expect(fake.sent).toHaveLength(1);
    await fake.answer();
    expect(fake.sent).toHaveLength(2);
    expect(fake.sent[1]!.map((s) => s.parameters)).toEqual([
      ['a', ''],
      ['b', ''],
      ['b', 'other'],
    ]);
    await fake.answer();
    await sender.settled();
    expect(fake.sent).toHaveLength(2);
  });

  it('keeps sending after a failed send, and settles once nothing waits', async () => {
    const fake = fakeDatabase();
    const sender = new AfterCommitSender(fake.db, quiet);
    sender.send([notify('a')]);
    sender.send([notify('b')]);
    await fake.answer(new Error('connection lost'));
    expect(fake.sent).toHaveLength(2);
    let settled = false;
    void sender.settled().then(() => (settled = true));
    await fake.answer();
    await sender.settled();
    expect(settled).toBe(true);
    sender.send([notify('c')]);
    expect(fake.sent).toHaveLength(3);
  });
});
