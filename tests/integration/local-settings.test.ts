import { sql } from 'kysely';
import { readPlannedOnce, readWithSettings } from '../../server/db/local-settings';
import { statement } from '../../server/db/statement';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

it('reads with the generic plan, in order, and leaves the connection as it was', async () => {
  await database.db.connection().execute(async (connection) => {
    const setting = statement(sql`select current_setting('plan_cache_mode') as mode`);
    const [during, echoed] = await readPlannedOnce(connection, [
      setting,
      statement(sql`select ${'second'}::text as value`),
    ]);
    expect(during!.rows).toEqual([{ mode: 'force_generic_plan' }]);
    expect(echoed!.rows).toEqual([{ value: 'second' }]);
    const after = await sql<{
      mode: string;
    }>`select current_setting('plan_cache_mode') as mode`.execute(connection);
    expect(after.rows).toEqual([{ mode: 'auto' }]);
  });
});

it('sets every setting for the reads alone', async () => {
  await database.db.connection().execute(async (connection) => {
    const settings = statement(sql`select current_setting('statement_timeout') as timeout,
      current_setting('plan_cache_mode') as mode`);
    const [during] = await readWithSettings(
      connection,
      { statement_timeout: '1500', plan_cache_mode: 'force_custom_plan' },
      [settings],
    );
    expect(during!.rows).toEqual([{ timeout: '1500ms', mode: 'force_custom_plan' }]);
    const after = await sql`select current_setting('statement_timeout') as timeout,
      current_setting('plan_cache_mode') as mode`.execute(connection);
    expect(after.rows).toEqual([{ timeout: '0', mode: 'auto' }]);
  });
});
