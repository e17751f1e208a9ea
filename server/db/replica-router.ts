/**
 * The read router's decisions, kept pure: where one read goes, when a replica leaves rotation,
 * and how long a replica that stopped answering waits before it is asked again.
 */

export interface ReplicaView {
  inRotation: boolean;
  /** What the replica had replayed at its last poll; null before it answered. */
  replayLsn: bigint | null;
  /** Reads it served so far: the least used of the caught-up replicas is chosen. */
  reads: number;
}

export type ReadTarget =
  { kind: 'replica'; index: number } | { kind: 'wait' } | { kind: 'primary' };

/**
 * A replica in rotation that has replayed the member's last commit (`required`), the least used of
 * them; else, once, a short wait for a replica in rotation to catch up; else the primary.
 */
export function chooseTarget(
  required: bigint | null,
  replicas: readonly ReplicaView[],
  mayWait: boolean,
): ReadTarget {
  let best = -1;
  let anyInRotation = false;
  replicas.forEach((replica, index) => {
    if (!replica.inRotation || replica.replayLsn === null) return;
    anyInRotation = true;
    if (required !== null && replica.replayLsn < required) return;
    if (best < 0 || replica.reads < replicas[best]!.reads) best = index;
  });
  if (best >= 0) return { kind: 'replica', index: best };
  return anyInRotation && mayWait ? { kind: 'wait' } : { kind: 'primary' };
}

export interface LagLimits {
  maxLagBytes: number;
  maxLagSeconds: number;
}

export interface LagSample {
  lagBytes: number | null;
  lagSeconds: number | null;
}

/** Why a replica that answered is still out of rotation, or null when its lag is within bounds. */
export function lagProblem(sample: LagSample, limits: LagLimits): string | null {
  if (sample.lagBytes !== null && sample.lagBytes > limits.maxLagBytes)
    return `lags ${sample.lagBytes} bytes (more than ${limits.maxLagBytes})`;
  if (sample.lagSeconds !== null && sample.lagSeconds > limits.maxLagSeconds)
    return `lags ${sample.lagSeconds.toFixed(1)} s (more than ${limits.maxLagSeconds} s)`;
  return null;
}

/** How long after its `failures`-th failure in a row a replica is asked again: doubling, capped. */
export function backoffMs(failures: number, baseMs: number, maxMs: number): number {
  if (failures <= 0) return 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
}
