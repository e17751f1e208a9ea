import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.AGORA_TEST_ADMIN_URL;
  if (!url) throw new Error('AGORA_TEST_ADMIN_URL is not set: run integration tests through jest');
  return url;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `agora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString());
  await migrateToLatest(handle.db);
  let closed = false;
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    },
    drop: async () => {
      if (!closed) {
        closed = true;
        await handle.close();
      }
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
