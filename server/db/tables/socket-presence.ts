import type { Generated } from 'kysely';

/** One row per connected socket, kept by the process that holds it. */
export interface SocketPresenceTable {
  socket_id: string;
  user_id: string;
  node_id: string;
  visible: Generated<boolean>;
  last_active_at: Generated<Date>;
  /** Refreshed by the owning process; rows of a process that died go stale and are ignored. */
  heartbeat_at: Generated<Date>;
}
