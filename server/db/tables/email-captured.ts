import type { Generated } from 'kysely';

export interface EmailCapturedTable {
  id: string;
  sender: string;
  recipient: string;
  subject: string;
  html_body: string;
  text_body: string;
  template: string;
  captured_at: Generated<Date>;
}
