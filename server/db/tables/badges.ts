import type { Generated } from 'kysely';

export interface BadgesTable {
  user_id: string;
  notifications: Generated<number>;
  messages: Generated<number>;
  friend_requests: Generated<number>;
  version: Generated<number>;
}
