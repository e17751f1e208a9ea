export interface MessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  content: string;
  created_at: Date;
}
