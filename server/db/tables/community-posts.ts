import type { MentionsColumn } from './mentions';
import type { Generated } from 'kysely';
import type { CommunityPostCategory } from '../../../shared/communities';

/** A post on a community's hub. */
export interface CommunityPostsTable {
  id: string;
  community_id: string;
  author_id: string;
  category: CommunityPostCategory;
  content: string;
  tags: Generated<string[]>;
  is_pinned: Generated<boolean>;
  is_announcement: Generated<boolean>;
  likes_count: Generated<number>;
  created_at: Date;
  version: Generated<number>;
  /** The members it mentions (mentions domain). */
  mentions: MentionsColumn;
}
