import type { ConnectionState } from '../connection';

export type SandboxStatus = 'Sandboxed' | 'Unsafe';

/**
 * The live channel is sandboxed when it is up and bound to the signed-in member: the server
 * authenticates the handshake by the session cookie and joins the socket to that member's room
 * only. Any other state (no member, connecting, reconnecting, offline) is reported as Unsafe.
 */
export function sandboxStatus(connection: ConnectionState, userId: string | null): SandboxStatus {
  return connection.status === 'healthy' && userId !== null ? 'Sandboxed' : 'Unsafe';
}

/** Reconnect helps only once the channel is down; while healthy or connecting it would do nothing. */
export function canReconnect(connection: ConnectionState): boolean {
  return connection.status === 'reconnecting' || connection.status === 'offline';
}
