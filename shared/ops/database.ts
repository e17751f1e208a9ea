import { z } from 'zod';

/** One place reads can go: the primary or a streaming replica, as the monitoring console shows it. */
export const readTargetSchema = z.object({
  /** `primary`, or the replica's host, port and database (never its password). */
  name: z.string(),
  role: z.enum(['primary', 'replica']),
  /** Whether reads go to it now; the primary always takes them when no replica may. */
  inRotation: z.boolean(),
  /** Why a replica is out of rotation, in words; null while it is in. */
  reason: z.string().nullable(),
  /** How far its replay is behind the primary's WAL; null for the primary and before a poll. */
  lagBytes: z.number().nullable(),
  lagSeconds: z.number().nullable(),
  /** Reads this process sent to it since it started. */
  readsServed: z.number().int(),
});

export const databaseStatusSchema = z.object({
  replicasConfigured: z.boolean(),
  /** The primary first, then each replica in the order DATABASE_REPLICA_URLS names them. */
  targets: z.array(readTargetSchema),
});

export type ReadTargetStatus = z.infer<typeof readTargetSchema>;
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;

export const DATABASE_MESSAGES = {
  noReplicas: 'No replicas configured',
  loadFailed: 'Could not load the database status.',
} as const;
