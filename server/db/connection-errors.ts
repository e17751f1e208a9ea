/**
 * Whether an error says the database cannot be reached right now (down, restarting, shutting
 * down, unreachable over the network), as opposed to a query it refused. Such a failure is worth
 * retrying later; a refused query is not.
 */

/** Socket-level failures from Node while connecting or talking to Postgres. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering). */
const SHUTDOWN_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/**
 * pg's own errors carry no code: a connection closed under a query, the pool's or the client's
 * connect timeout, a client used after its connection failed.
 */
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

export function isConnectionFailure(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof AggregateError && cause.errors.some(isConnectionFailure)) return true;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SHUTDOWN_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return true;
    } else if (
      typeof message === 'string' &&
      PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))
    ) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
