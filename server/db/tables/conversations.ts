import type { Generated } from 'kysely';

export interface ConversationsTable {
  id: string;
  participant_ids: string[];
  message_count: Generated<number>;
  last_message_id: string | null;
  last_message_content: string | null;
  last_message_sender_id: string | null;
  created_at: Date;
  updated_at: Date;
}
