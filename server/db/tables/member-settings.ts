import type { FontSize, ThemeChoice } from '../../../shared/profiles';

export interface MemberSettingsTable {
  user_id: string;
  email_notifications: boolean;
  push_notifications: boolean;
  sms_notifications: boolean;
  marketing_emails: boolean;
  theme: ThemeChoice;
  font_size: FontSize;
  version: number;
}
