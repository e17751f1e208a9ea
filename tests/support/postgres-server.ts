import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres';
import { freePort } from './free-port';

export interface TestPostgres {
  /** A connection URL to a database on that server that may create other databases. */
  adminUrl: string;
  source: 'testcontainers' | 'TEST_DATABASE_URL' | 'embedded';
  stop(): Promise<void>;
}

function dockerAnswers(): boolean {
  return existsSync('/var/run/docker.sock') || Boolean(process.env.DOCKER_HOST);
}

/**
 * The Postgres integration tests run against: a Testcontainers container when a Docker engine
 * answers, else TEST_DATABASE_URL, else an embedded Postgres in a temporary folder.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (dockerAnswers()) {
    try {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17-alpine').start();
      return {
        adminUrl: container.getConnectionUri(),
        source: 'testcontainers',
        stop: async () => {
          await container.stop();
        },
      };
    } catch {
      // No usable engine after all: fall through to the other sources.
    }
  }
  if (process.env.TEST_DATABASE_URL) {
    return {
      adminUrl: process.env.TEST_DATABASE_URL,
      source: 'TEST_DATABASE_URL',
      stop: async () => undefined,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agora-test-pg-'));
  // Under root, Postgres runs as the `postgres` user, which must be able to enter the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), port });
  return {
    adminUrl: embedded.connectionString,
    source: 'embedded',
    stop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
