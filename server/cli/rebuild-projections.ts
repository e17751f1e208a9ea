import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { connectDatabase } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrateToLatest } from '../db/migrate';
import { composeModel } from '../composition';
import { rebuildReadModels } from '../eventstore/rebuild';

/** `npm run projections:rebuild`: replays the whole log into fresh read models. */
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedPostgres({
        dataDir: path.join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
      });
  const database = connectDatabase(config.DATABASE_URL ?? embedded!.connectionString, 2);
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    const { events } = await rebuildReadModels(database.db, composeModel().projections);
    console.log(`Rebuilt the read models from ${events} events in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
