import type { Role } from '../../../shared/auth/schemas';

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
  stream_version: number;
  created_at: Date;
  updated_at: Date;
}
