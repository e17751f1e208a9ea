import type { TestPostgres } from './postgres-server';
import { dropTemplateDatabase } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { agoraTestPostgres?: TestPostgres }).agoraTestPostgres;
  // A shared server (TEST_DATABASE_URL) outlives the run: leave nothing of it behind there.
  if (server) await dropTemplateDatabase(server.adminUrl, process.env.AGORA_TEST_TEMPLATE);
  await server?.stop();
}
