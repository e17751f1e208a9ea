import type { Generated } from 'kysely';

export interface EmailTemplatesTable {
  name: string;
  subject: string;
  html_template: string;
  text_template: string;
  variables: string[];
  category: 'auth' | 'social' | 'system' | 'marketing';
  is_active: Generated<boolean>;
  position: number;
  updated_at: Generated<Date>;
}
