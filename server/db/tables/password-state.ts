import type { Generated } from 'kysely';

export interface PasswordStateTable {
  user_id: string;
  changed_at: Date;
  rotation_required: Generated<boolean>;
}
