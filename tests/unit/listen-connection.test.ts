import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import pino from 'pino';
import {
  ListenConnection,
  type ListenConnectionOptions,
} from '../../server/realtime/listen-connection';

/** A stand-in for pg.Client: connects or refuses as told, records queries, can be cut. */
class FakeClient extends EventEmitter {
  readonly queries: { text: string; values?: unknown[] }[] = [];
  ended = false;

  constructor(private readonly refuse: boolean) {
    super();
  }

  async connect(): Promise<void> {
    if (this.refuse) throw new Error('connection refused');
  }

  async query(text: string, values?: unknown[]): Promise<void> {
    if (this.ended) throw new Error('Client was closed and is not queryable');
    this.queries.push({ text, values });
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }

  notify(channel: string, payload: string): void {
    this.emit('notification', { processId: 1, channel, payload });
  }

  /** The server went away. */
  cut(): void {
    this.emit('error', new Error('terminating connection due to administrator command'));
  }
}

function setUp(options: Partial<ListenConnectionOptions> = {}) {
  const clients: FakeClient[] = [];
  /** Whether each next connection attempt is refused; attempts past the list succeed. */
  const refusals: boolean[] = [];
  const received: [string, string][] = [];
  const logs: { level: number; msg: string }[] = [];
  let reconnected = 0;
  const connection = new ListenConnection({
    connectionString: 'postgres://unused',
    channels: ['agora_events', 'Mixed_Case'],
    logger: pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) }),
    onNotification: (payload, channel) => received.push([channel, payload]),
    onReconnected: () => {
      reconnected += 1;
    },
    createClient: () => {
      const client = new FakeClient(refusals.shift() ?? false);
      clients.push(client);
      return client;
    },
    ...options,
  });
  return {
    connection,
    clients,
    refusals,
    received,
    logs,
    get reconnected() {
      return reconnected;
    },
  };
}

describe('ListenConnection', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('listens on every channel in one statement and hands over each notification', async () => {
    const t = setUp();
    expect(t.connection.listening).toBe(false);
    await t.connection.start();
    expect(t.connection.listening).toBe(true);
    expect(t.clients[0]!.queries).toEqual([
      { text: 'LISTEN "agora_events"; LISTEN "Mixed_Case"', values: undefined },
    ]);
    t.clients[0]!.notify('agora_events', 'node-1');
    t.clients[0]!.notify('Mixed_Case', '');
    expect(t.received).toEqual([
      ['agora_events', 'node-1'],
      ['Mixed_Case', ''],
    ]);
    await t.connection.stop();
  });

  it('rejects start when the first connection fails', async () => {
    const t = setUp();
    t.refusals.push(true);
    await expect(t.connection.start()).rejects.toThrow('connection refused');
    expect(t.connection.listening).toBe(false);
    expect(t.clients[0]!.ended).toBe(true);
  });

  it('reconnects after 250 ms doubling to 5 s, then reports it and starts over at 250 ms', async () => {
    const t = setUp();
    await t.connection.start();
    t.refusals.push(true, true, true, true, true, true, true);
    t.clients[0]!.cut();
    expect(t.connection.listening).toBe(false);
    expect(t.clients[0]!.ended).toBe(true);
    expect(t.logs.map((l) => l.msg)).toEqual(['listen connection lost']);

    const attemptTimes: number[] = [];
    let elapsed = 0;
    while (t.clients.length < 9) {
      const before = t.clients.length;
      await jest.advanceTimersByTimeAsync(50);
      elapsed += 50;
      if (t.clients.length > before) attemptTimes.push(elapsed);
    }
    const gaps = attemptTimes.map((time, i) => time - (attemptTimes[i - 1] ?? 0));
    expect(gaps).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(t.connection.listening).toBe(true);
    expect(t.reconnected).toBe(1);
    expect(
      t.logs.filter((l) => l.msg === 'listen connection could not reconnect yet'),
    ).toHaveLength(7);
    expect(t.logs.at(-1)).toMatchObject({ level: 30, msg: 'listen connection back' });

    // A connection that listened resets the delay.
    t.clients.at(-1)!.cut();
    await jest.advanceTimersByTimeAsync(249);
    expect(t.clients).toHaveLength(9);
    await jest.advanceTimersByTimeAsync(1);
    expect(t.clients).toHaveLength(10);
    expect(t.reconnected).toBe(2);
    await t.connection.stop();
  });

  it('ignores the end of a connection it already replaced', async () => {
    const t = setUp();
    await t.connection.start();
    const first = t.clients[0]!;
    first.cut();
    await jest.advanceTimersByTimeAsync(250);
    expect(t.connection.listening).toBe(true);
    first.emit('end');
    first.cut();
    expect(t.connection.listening).toBe(true);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(t.clients).toHaveLength(2);
    await t.connection.stop();
  });

  it('stops cleanly: ends the connection and cancels a pending reconnect', async () => {
    const t = setUp();
    await t.connection.start();
    t.clients[0]!.cut();
    await t.connection.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(t.clients).toHaveLength(1);
    expect(t.reconnected).toBe(0);

    const u = setUp();
    await u.connection.start();
    await u.connection.stop();
    expect(u.clients[0]!.ended).toBe(true);
    expect(u.connection.listening).toBe(false);
    // Its own end after stop is no loss.
    expect(u.logs).toEqual([]);
  });

  it('sends a notification on its own connection, and refuses while it is down', async () => {
    const t = setUp();
    await t.connection.start();
    await t.connection.notify('agora_events', 'node-1');
    expect(t.clients[0]!.queries.at(-1)).toEqual({
      text: 'select pg_notify($1, $2)',
      values: ['agora_events', 'node-1'],
    });
    t.clients[0]!.cut();
    await expect(t.connection.notify('agora_events', 'node-1')).rejects.toThrow(
      'the listen connection is down',
    );
    await t.connection.stop();
  });
});
