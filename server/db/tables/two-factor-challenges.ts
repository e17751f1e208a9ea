import type { Generated } from 'kysely';

export interface TwoFactorChallengesTable {
  id: string;
  user_id: string;
  remember_me: boolean;
  attempts: Generated<number>;
  expires_at: Date;
  created_at: Generated<Date>;
}
