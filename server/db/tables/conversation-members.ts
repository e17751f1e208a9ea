import type { Generated } from 'kysely';

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  contact_id: string;
  unread_count: Generated<number>;
  delivered_seq: Generated<number>;
  read_seq: Generated<number>;
  is_pinned: Generated<boolean>;
  is_starred: Generated<boolean>;
  is_archived: Generated<boolean>;
  version: Generated<number>;
}
