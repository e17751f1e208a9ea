import { jest } from '@jest/globals';
import type { PostmasterExit } from '../../server/db/embedded-postgres';
import { PostgresSupervisor, type SupervisedPostgres } from '../../server/db/postgres-supervisor';

/** A Postgres the test kills at will; `starts` fail while `refuse` is set. */
function fakePostgres() {
  const running: { exit(result: PostmasterExit): void; stopped: boolean }[] = [];
  let refuse: Error | null = null;
  let starts = 0;
  const start = async (): Promise<SupervisedPostgres> => {
    starts += 1;
    if (refuse) throw refuse;
    let exit!: (result: PostmasterExit) => void;
    const exited = new Promise<PostmasterExit>((resolve) => (exit = resolve));
    const handle = { exit, stopped: false };
    running.push(handle);
    return {
      connectionString: `postgres://fake/${starts}`,
      exited,
      stop: async () => {
        handle.stopped = true;
        exit({ code: 0, signal: null });
      },
    };
  };
  return {
    start,
    running,
    get starts() {
      return starts;
    },
    refuse(error: Error | null) {
      refuse = error;
    },
    crash() {
      running[running.length - 1]!.exit({ code: null, signal: 'SIGKILL' });
    },
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('PostgresSupervisor', () => {
  let now = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    now = 0;
  });
  afterEach(() => jest.useRealTimers());

  function supervise(postgres: ReturnType<typeof fakePostgres>, maxRestarts = 3) {
    const gaveUp: Error[] = [];
    const supervisor = new PostgresSupervisor({
      start: postgres.start,
      logger: silent,
      maxRestarts,
      onGiveUp: (error) => gaveUp.push(error),
      backoffMs: { first: 100, max: 400 },
      stableAfterMs: 10_000,
      now: () => now,
    });
    return { supervisor, gaveUp };
  }

  it('starts Postgres again after it dies, after a growing delay', async () => {
    const postgres = fakePostgres();
    const { supervisor, gaveUp } = supervise(postgres);
    expect(await supervisor.start()).toBe('postgres://fake/1');

    postgres.crash();
    await jest.advanceTimersByTimeAsync(99);
    expect(postgres.starts).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(postgres.starts).toBe(2);

    // Failed restarts wait 200, then 400 ms.
    postgres.crash();
    postgres.refuse(new Error('shared memory block still in use'));
    await jest.advanceTimersByTimeAsync(200);
    expect(postgres.starts).toBe(3);
    postgres.refuse(null);
    await jest.advanceTimersByTimeAsync(399);
    expect(postgres.starts).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(postgres.starts).toBe(4);
    expect(gaveUp).toEqual([]);
    await supervisor.stop();
    expect(postgres.running.at(-1)!.stopped).toBe(true);
  });

  it('gives up after the bound, naming the last failure', async () => {
    const postgres = fakePostgres();
    const { supervisor, gaveUp } = supervise(postgres, 2);
    await supervisor.start();
    postgres.refuse(new Error('could not open file "global/pg_control"'));
    postgres.crash();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(postgres.starts).toBe(3);
    expect(gaveUp.map((error) => error.message)).toEqual([
      'could not open file "global/pg_control"',
    ]);
    await supervisor.stop();
  });

  it('counts restarts in a row: a Postgres that stayed up starts the count over', async () => {
    const postgres = fakePostgres();
    const { supervisor, gaveUp } = supervise(postgres, 1);
    await supervisor.start();
    postgres.crash();
    await jest.advanceTimersByTimeAsync(100);
    expect(postgres.starts).toBe(2);

    now += 10_000;
    postgres.crash();
    await jest.advanceTimersByTimeAsync(100);
    expect(postgres.starts).toBe(3);
    expect(gaveUp).toEqual([]);

    // Dying again at once is one restart too many.
    postgres.crash();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(postgres.starts).toBe(3);
    expect(gaveUp).toHaveLength(1);
    await supervisor.stop();
  });

  it('does not restart a Postgres it was asked to stop', async () => {
    const postgres = fakePostgres();
    const { supervisor } = supervise(postgres);
    await supervisor.start();
    await supervisor.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(postgres.starts).toBe(1);
  });
});
