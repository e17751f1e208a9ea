import type { CallEntryColumn } from './calls';
import type { LinkPreviewColumn } from './link-previews';
import type { MentionsColumn } from './mentions';

export interface MessagesTable {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  content: string;
  created_at: Date;
  /** Its link's preview card, or its removal (link-previews domain). */
  link_preview: LinkPreviewColumn;
  /** The participants it mentions (mentions domain). */
  mentions: MentionsColumn;
  /** The call it tells of, on a call's entry (calls domain). */
  call: CallEntryColumn;
}
