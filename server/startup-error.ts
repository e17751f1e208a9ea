import { ConfigError } from './config';
import { isConnectionFailure } from './db/connection-errors';
import { EmbeddedPostgresError } from './db/embedded-postgres';

interface SystemError {
  code?: unknown;
  syscall?: unknown;
  port?: unknown;
  address?: unknown;
  message?: unknown;
}

/** Where a connection string points, without its password. */
function databaseTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the configured database';
  }
}

/**
 * One sentence naming why the process could not start, for the operator reading the terminal.
 * Every failure gets one, a rejection without a reason included.
 */
export function describeStartupError(error: unknown, connectionString?: string): string {
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) return error.message;
  if (error === undefined || error === null) return 'start-up failed without giving a reason';
  const system = (error ?? {}) as SystemError;
  if (system.syscall === 'listen' && system.code === 'EADDRINUSE') {
    return `port ${String(system.port)} is already in use by another program: stop it or set PORT.`;
  }
  if (system.syscall === 'listen' && system.code === 'EACCES') {
    return `not allowed to listen on port ${String(system.port)} (ports below 1024 need privileges): set PORT.`;
  }
  const message = typeof system.message === 'string' ? system.message : String(error);
  if (connectionString && isConnectionFailure(error)) {
    return `cannot reach the database at ${databaseTarget(connectionString)}: ${message || String(system.code)}`;
  }
  // Wrong credentials (28xxx) or no such database (3D000): reachable, but not ours to use.
  if (typeof system.code === 'string' && /^(28|3D)/.test(system.code)) {
    return `the database refused the connection: ${message}`;
  }
  return message || 'start-up failed without giving a reason';
}
