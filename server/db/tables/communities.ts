import type { Generated } from 'kysely';
import type { CommunityCategory, CommunityPrivacy } from '../../../shared/communities';

/** A community: its card and the counts other domains keep up to date as they project. */
export interface CommunitiesTable {
  id: string;
  name: string;
  description: Generated<string>;
  category: CommunityCategory;
  privacy: CommunityPrivacy;
  website: string | null;
  email: string | null;
  location: string | null;
  tags: Generated<string[]>;
  avatar_url: string | null;
  banner_url: string | null;
  rules: Generated<string>;
  welcome_message: Generated<string>;
  created_by: string | null;
  created_at: Date;
  member_count: Generated<number>;
  discussion_count: Generated<number>;
  post_count: Generated<number>;
  event_count: Generated<number>;
  version: Generated<number>;
}
