import type { TestPostgres } from './postgres-server';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { agoraTestPostgres?: TestPostgres }).agoraTestPostgres?.stop();
}
