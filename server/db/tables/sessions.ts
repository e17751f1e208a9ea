import type { Generated } from 'kysely';

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  remember_me: boolean;
  created_at: Generated<Date>;
  last_activity_at: Generated<Date>;
  expires_at: Date;
}
