import { useAppSelector } from '../../state/hooks';
import { selectConnection } from '../connection';

/**
 * Operator screens follow the socket; the spec's refresh intervals apply only while it is down.
 * Returns the RTK Query `pollingInterval` to use: 0 (no polling) while the channel is healthy.
 */
export function useFallbackPolling(intervalMs: number): number {
  const connection = useAppSelector(selectConnection);
  return connection.status === 'healthy' ? 0 : intervalMs;
}
