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
  /** 0 high, 1 normal, 2 low: generated from `priority` so the claim can sort on an index. */
  priority_rank: Generated<number>;
  status: Generated<'pending' | 'processing' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
  next_attempt_at: Generated<Date>;
  claim_id: Generated<string | null>;
  claimed_at: Generated<Date | null>;
  updated_at: Generated<Date>;
}
