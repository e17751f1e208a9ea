export interface EmailQueueStatsTable {
  id: number;
  pending: number;
  processing: number;
  sent: number;
  failed: number;
  /** bigint: node-postgres returns it as a string. */
  version: string;
}
