import { RECONNECT } from '../../../shared/constants';

/** Delays double from 1000 ms over the five attempts: 1, 2, 4, 8, 16 s, without jitter. */
export const SOCKET_OPTIONS = {
  withCredentials: true,
  autoConnect: false,
  reconnectionAttempts: RECONNECT.maxAttempts,
  reconnectionDelay: RECONNECT.initialDelayMs,
  reconnectionDelayMax: RECONNECT.initialDelayMs * 2 ** (RECONNECT.maxAttempts - 1),
  randomizationFactor: 0,
} as const;
