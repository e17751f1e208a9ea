import type { Generated, JSONColumnType } from 'kysely';

export interface EmailOutboxTable {
  id: string;
  template: string;
  recipient: string;
  subject: string;
  html_body: string;
  text_body: string;
  data: JSONColumnType<Record<string, string>>;
  priority: Generated<'low' | 'normal' | 'high'>;
  status: Generated<'pending' | 'processing' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}
