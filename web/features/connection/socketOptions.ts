import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { RECONNECT } from '../../../shared/constants';

/**
 * Delays double from 1000 ms over the five attempts: 1, 2, 4, 8, 16 s, without jitter.
 *
 * WebSocket only, never long-polling: behind a load balancer without sticky sessions
 * (server/deploy/nginx.conf) each polling request may reach another process than the one holding
 * the polling session, while a WebSocket is one connection to one process (docs/scaling.md).
 */
export const SOCKET_OPTIONS = {
  withCredentials: true,
  autoConnect: false,
  transports: ['websocket'],
  reconnectionAttempts: RECONNECT.maxAttempts,
  reconnectionDelay: RECONNECT.initialDelayMs,
  reconnectionDelayMax: RECONNECT.initialDelayMs * 2 ** (RECONNECT.maxAttempts - 1),
  randomizationFactor: 0,
} satisfies Partial<ManagerOptions & SocketOptions>;
