import type { Generated } from 'kysely';
import type { Role } from '../../../shared/auth/schemas';
import type { Privacy } from '../../../shared/social/people';

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  status: 'active' | 'disabled';
  display_name: string;
  avatar: string | null;
  email_verified: boolean;
  privacy: Generated<Privacy>;
  created_at: Date;
  updated_at: Date;
}
