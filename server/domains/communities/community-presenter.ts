import type {
  Community,
  CommunityCategory,
  CommunityPrivacy,
  CommunityRole,
} from '../../../shared/communities';
import { engagementPercent } from '../../../shared/communities';

/** A community's row as the card reads it, with the viewer's standing and the active members. */
export interface CommunityRow {
  id: string;
  name: string;
  description: string;
  category: CommunityCategory;
  privacy: CommunityPrivacy;
  website: string | null;
  email: string | null;
  location: string | null;
  tags: string[];
  avatar_url: string | null;
  banner_url: string | null;
  rules: string;
  welcome_message: string;
  created_by: string | null;
  created_at: Date | string;
  member_count: number;
  discussion_count: number;
  post_count: number;
  event_count: number;
  version: number;
  active_members: number;
  /** The viewer may read what is inside (`communityContentVisible`). */
  content_visible: boolean;
  viewer_role: CommunityRole | null;
  viewer_status: 'active' | 'pending' | null;
  viewer_invited: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The one presenter of a community, for REST answers and command replies alike. */
export function presentCommunity(row: CommunityRow): Community {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    privacy: row.privacy,
    website: row.website,
    email: row.email,
    location: row.location,
    tags: row.tags,
    avatar: row.avatar_url,
    banner: row.banner_url,
    rules: row.rules,
    welcomeMessage: row.welcome_message,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    stats: statsOf(row),
    version: row.version,
    membership: {
      role: row.viewer_status === null ? null : row.viewer_role,
      status: row.viewer_status,
      invited: row.viewer_invited,
    },
  };
}

/**
 * Counts from the row (other domains keep discussions, posts and events up to date). Only those
 * who may read what is inside count it: to anyone else a community's discussions, posts and
 * events read as none, as content one may not see reads as missing everywhere. Its size and
 * engagement are the card's, for everyone who may see the card.
 */
export function statsOf(
  row: Pick<
    CommunityRow,
    | 'member_count'
    | 'discussion_count'
    | 'post_count'
    | 'event_count'
    | 'active_members'
    | 'content_visible'
  >,
) {
  const inside = (count: number) => (row.content_visible ? count : 0);
  return {
    members: row.member_count,
    discussions: inside(row.discussion_count),
    posts: inside(row.post_count),
    events: inside(row.event_count),
    engagement: engagementPercent(row.active_members, row.member_count),
  };
}
