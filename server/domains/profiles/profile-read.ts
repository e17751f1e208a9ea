import { sql } from 'kysely';
import type {
  EducationEntry,
  ExperienceEntry,
  Profile,
  ProfileCardSettings,
  SocialLink,
} from '../../../shared/profiles';
import { messageRefusal, type MessageRefusalCode, type Privacy } from '../../../shared/social';
import type { Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { activeSocket, liveSockets, presenceStatus } from '../presence/presence-read';
import { viewerProfileVersion, viewerStatsColumns } from './profile-stats-read';
import {
  contactFieldShown,
  member,
  messagingRefusal,
  ownerReader,
  presenceShown,
  profileContactVisible,
  profileDetailsReadable,
  profileReachable,
} from '../relations/relations-policy';

export interface ProfileRow {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
  email: string;
  email_verified: boolean;
  privacy: Privacy;
  created_at: Date;
  banner: string | null;
  bio: string;
  job_title: string;
  company: string;
  location: string;
  phone: string;
  website: string;
  birth_date: string | null;
  skills: string[];
  interests: string[];
  languages: string[];
  certifications: string[];
  experience: ExperienceEntry[];
  education: EducationEntry[];
  social_links: SocialLink[];
  card_settings: ProfileCardSettings;
  posts: number;
  followers: number;
  following: number;
  likes: number;
  views: number;
  version: number;
  sockets: number;
  active: boolean;
  last_seen_at: Date | null;
  is_self: boolean;
  owner_reader: boolean;
  details_visible: boolean;
  contact_visible: boolean;
  presence_shown: boolean;
  show_email: boolean;
  show_phone: boolean;
  show_location: boolean;
  show_birth_date: boolean;
  show_last_seen: boolean;
  followed_by_me: boolean;
  follows_me: boolean;
  message_refusal: MessageRefusalCode | null;
}

/**
 * The member `userId` as `viewerId` may see them, with every rule of the relations policy
 * evaluated in the same statement (the counts too: only what the viewer may see); no row when
 * the viewer may not reach the profile.
 */
export function profileStatement(userId: string, viewerId: string) {
  const owner = sql.ref('u.id');
  const viewer = member(viewerId);
  return sql<ProfileRow>`
    select u.id, u.username, u.display_name, u.avatar, u.email, u.email_verified, u.privacy,
      u.created_at, p.banner, p.bio, p.job_title, p.company, p.location, p.phone, p.website,
      to_char(p.birth_date, 'YYYY-MM-DD') as birth_date,
      p.skills, p.interests, p.languages, p.certifications, p.experience, p.education,
      p.social_links, p.card_settings,
      ${viewerStatsColumns(owner, viewer)}, ${viewerProfileVersion(owner, viewer)} as version,
      ${liveSockets(owner)} as sockets, ${activeSocket(owner)} as active, ls.last_seen_at,
      u.id = ${viewer} as is_self,
      ${ownerReader(viewer)} as owner_reader,
      ${profileDetailsReadable(owner, viewer)} as details_visible,
      ${profileContactVisible(owner, viewer)} as contact_visible,
      (${presenceShown(owner, viewer)} or ${ownerReader(viewer)}) as presence_shown,
      ${contactFieldShown(owner, viewer, 'showEmail')} as show_email,
      ${contactFieldShown(owner, viewer, 'showPhone')} as show_phone,
      ${contactFieldShown(owner, viewer, 'showLocation')} as show_location,
      ${contactFieldShown(owner, viewer, 'showBirthDate')} as show_birth_date,
      ${contactFieldShown(owner, viewer, 'showLastSeen')} as show_last_seen,
      exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = u.id)
        as followed_by_me,
      exists (select 1 from follows f where f.follower_id = u.id and f.followee_id = ${viewer})
        as follows_me,
      ${messagingRefusal(owner, viewer)} as message_refusal
    from users u
    join profiles p on p.user_id = u.id
    left join profile_stats s on s.user_id = u.id
    left join last_seen ls on ls.user_id = u.id
    where u.id = ${userId}::uuid and ${profileReachable(owner, viewer)}`;
}

const blankUnless = (shown: boolean, value: string) => (shown ? value : '');
const nullUnless = (shown: boolean, value: string | null) => (shown && value ? value : null);

/**
 * One presenter for a profile in REST answers and command replies: what the viewer may not see
 * is null or empty, never sent. Details follow `details_visible`; each contact field its switch
 * (the member and an owner-role reader see all); the card switches only the member and an owner.
 */
export function presentProfile(row: ProfileRow): Profile {
  const details = row.details_visible;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatar: row.avatar,
    banner: row.banner,
    emailVerified: row.email_verified,
    privacy: row.privacy,
    status: row.presence_shown ? presenceStatus(row.sockets, row.active) : 'offline',
    lastSeen:
      row.presence_shown && row.show_last_seen ? (row.last_seen_at?.toISOString() ?? null) : null,
    joinDate: row.created_at.toISOString(),
    email: nullUnless(row.show_email, row.email),
    phone: nullUnless(row.show_phone, row.phone),
    location: nullUnless(row.show_location, row.location),
    birthDate: nullUnless(row.show_birth_date, row.birth_date),
    bio: blankUnless(details, row.bio),
    jobTitle: blankUnless(details, row.job_title),
    company: blankUnless(details, row.company),
    website: blankUnless(details, row.website),
    skills: details ? row.skills : [],
    interests: details ? row.interests : [],
    languages: details ? row.languages : [],
    certifications: details ? row.certifications : [],
    experience: details ? row.experience : [],
    education: details ? row.education : [],
    socialLinks: details ? row.social_links : [],
    stats: {
      posts: row.posts,
      followers: row.followers,
      following: row.following,
      likes: row.likes,
      views: row.views,
    },
    profileCardSettings: row.is_self || row.owner_reader ? row.card_settings : null,
    isSelf: row.is_self,
    contactVisible: row.contact_visible,
    detailsVisible: details,
    followedByMe: row.followed_by_me,
    followsMe: row.follows_me,
    canMessage: row.message_refusal === null,
    messageRefusal: row.message_refusal === null ? null : messageRefusal(row.message_refusal),
    version: Number(row.version),
  };
}

/** The profile as a command's reply read, in the write's round trip; undefined if out of sight. */
export function profileReply(userId: string, viewerId: string): Read<Profile | undefined> {
  return {
    statement: statement(profileStatement(userId, viewerId)),
    pick: (found) => {
      const row = found[0] as ProfileRow | undefined;
      return row ? presentProfile(row) : undefined;
    },
  };
}

export async function readProfile(
  db: Db,
  userId: string,
  viewerId: string,
): Promise<Profile | undefined> {
  const { rows } = await profileStatement(userId, viewerId).execute(db);
  return rows[0] ? presentProfile(rows[0]) : undefined;
}
