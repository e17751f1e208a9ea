import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { connectDatabase } from '../db/database';
import {
  embeddedConnectionString,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../db/embedded-postgres';
import { migrateToLatest } from '../db/migrate';
import { inspectDataDir } from '../db/postmaster';
import { composeModel } from '../composition';
import { rebuildReadModels } from '../eventstore/rebuild';
import { describeStartupError } from '../startup-error';

/** What the rebuild runs on, and whether it started that Postgres itself (and must stop it). */
interface Target {
  connectionString: string;
  embedded: EmbeddedDatabase | null;
  /** Said when the rebuild cannot use it, so the operator knows what to do instead. */
  advice: string;
}

/**
 * The database to rebuild: `DATABASE_URL`; else the embedded Postgres of a server running on the
 * same `DATA_DIR` (a second Postgres cannot open its data directory); else one started here.
 */
async function target(config: Config): Promise<Target> {
  if (config.DATABASE_URL) {
    return { connectionString: config.DATABASE_URL, embedded: null, advice: 'Check DATABASE_URL.' };
  }
  const dataDir = path.resolve(config.DATA_DIR, 'postgres');
  const state = await inspectDataDir(dataDir);
  if (state.kind === 'in-use') {
    const owner = state.ownerPid ?? 'its owner';
    console.log(
      `Using the embedded Postgres already running on ${dataDir} (pid ${state.pid}, port ${state.port}).`,
    );
    return {
      connectionString: embeddedConnectionString(state.port),
      embedded: null,
      advice:
        `The embedded Postgres on ${dataDir} belongs to process ${owner}. ` +
        `Stop it (kill -TERM ${owner}) and run npm run projections:rebuild again.`,
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT });
  return { connectionString: embedded.connectionString, embedded, advice: '' };
}

/** `npm run projections:rebuild`: replays the whole log into fresh read models. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { connectionString, embedded, advice } = await target(config);
  const database = connectDatabase(connectionString, 2);
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    const { events } = await rebuildReadModels(database.db, composeModel().projections);
    console.log(`Rebuilt the read models from ${events} events in ${Date.now() - started} ms.`);
  } catch (error) {
    throw new Error(
      `the rebuild failed: ${error instanceof Error ? error.message : String(error)}. ${advice}`.trim(),
      { cause: error },
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(describeStartupError(error));
  process.exit(1);
});
