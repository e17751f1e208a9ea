import { createTemplateDatabase } from './test-database';
import { startTestPostgres } from './postgres-server';
import { buildServerBundle } from './server-bundle';

/** Jest hands a global set-up the project's configuration: its `rootDir` is the project's folder. */
export default async function globalSetup(
  _global: unknown,
  project: { rootDir: string },
): Promise<void> {
  await buildServerBundle(project.rootDir);
  const server = await startTestPostgres();
  process.env.AGORA_TEST_ADMIN_URL = server.adminUrl;
  process.env.AGORA_TEST_TEMPLATE = await createTemplateDatabase(server.adminUrl);
  (globalThis as { agoraTestPostgres?: typeof server }).agoraTestPostgres = server;
}
