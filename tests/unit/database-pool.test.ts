import { connectDatabase, IDLE_CONNECTION_MS } from '../../server/db/database';

describe('database pool', () => {
  it('keeps idle connections through a lull rather than reopening them cold', async () => {
    // Nothing connects until a query is sent.
    const handle = connectDatabase('postgres://nobody@127.0.0.1:1/none', 4);
    expect(handle.pool.options.idleTimeoutMillis).toBe(IDLE_CONNECTION_MS);
    expect(IDLE_CONNECTION_MS).toBeGreaterThanOrEqual(60_000);
    await handle.close();
  });
});
