import { createTemplateDatabase } from './test-database';
import { startTestPostgres } from './postgres-server';

export default async function globalSetup(): Promise<void> {
  const server = await startTestPostgres();
  process.env.AGORA_TEST_ADMIN_URL = server.adminUrl;
  process.env.AGORA_TEST_TEMPLATE = await createTemplateDatabase(server.adminUrl);
  (globalThis as { agoraTestPostgres?: typeof server }).agoraTestPostgres = server;
}
