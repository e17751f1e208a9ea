import type { LinkPreviewColumn } from './link-previews';
import type { MentionsColumn } from './mentions';
import type { Generated } from 'kysely';

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  parent_id: string | null;
  /** 0 for a comment on the post; the table refuses deeper than 3. */
  depth: number;
  content: string;
  likes_count: Generated<number>;
  created_at: Date;
  edited_at: Date | null;
  /** `hidden` and `removed` keep the comment to its author (moderation). */
  moderation_state: Generated<'visible' | 'hidden' | 'removed'>;
  moderation_reason: string | null;
  version: Generated<number>;
  /** Its link's preview card, or its removal (link-previews domain). */
  link_preview: LinkPreviewColumn;
  /** The members it mentions (mentions domain). */
  mentions: MentionsColumn;
}
