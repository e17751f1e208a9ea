import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { readApiTokensForExport } from '../api-tokens/api-tokens-read';
import { readPushSubscriptions } from '../push/push-read';
import { readMemberSettings } from '../settings/settings-read';

/** One JSON document of the export: its file name in the zip and how it is read. */
export interface ExportSection {
  file: string;
  read(db: Db, memberId: string): Promise<unknown>;
}

/**
 * The parts of `profile.json`, each under its own key. A domain that keeps more of the member
 * adds its reader here and the document grows with it. A part the member has
 * none of (no mapping, onboarding not started) is null.
 */
export const profileParts: Record<string, (db: Db, memberId: string) => Promise<unknown>> = {
  account: (db, memberId) =>
    db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'email',
        'display_name as displayName',
        'avatar',
        'role',
        'status',
        'email_verified as emailVerified',
        'privacy',
        'created_at as createdAt',
        'updated_at as updatedAt',
      ])
      .where('id', '=', memberId)
      .executeTakeFirst(),
  notificationPreferences: async (db, memberId) =>
    (
      await db
        .selectFrom('notification_preferences')
        .select('preferences')
        .where('user_id', '=', memberId)
        .executeTakeFirst()
    )?.preferences ?? null,
  profile: (db, memberId) =>
    db
      .selectFrom('profiles')
      .select([
        'bio',
        'job_title as jobTitle',
        'company',
        'location',
        'phone',
        'website',
        sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birthDate'),
        'skills',
        'interests',
        'languages',
        'certifications',
        'experience',
        'education',
        'social_links as socialLinks',
        'avatar_file_id as avatarFileId',
        'banner',
        'banner_file_id as bannerFileId',
        'card_settings as cardSettings',
        'updated_at as updatedAt',
      ])
      .where('user_id', '=', memberId)
      .executeTakeFirst(),
  stats: (db, memberId) =>
    db
      .selectFrom('profile_stats')
      .select(['posts', 'followers', 'following', 'likes', 'views'])
      .where('user_id', '=', memberId)
      .executeTakeFirst(),
  userMapping: async (db, memberId) =>
    (await db
      .selectFrom('user_mappings')
      .select(['uuidv7', 'email', 'created_at as createdAt'])
      .where('user_id', '=', memberId)
      .executeTakeFirst()) ?? null,
  sequence: async (db, memberId) =>
    (
      await db
        .selectFrom('user_sequences')
        .select('value')
        .where('user_id', '=', memberId)
        .executeTakeFirst()
    )?.value ?? null,
  settings: async (db, memberId) => {
    const { notifications, appearance } = await readMemberSettings(db, memberId);
    return { notifications, appearance };
  },
  // As the settings page lists them: names, scopes, dates, last use; never a secret or a hash.
  apiTokens: readApiTokensForExport,
  // As the settings page lists them; never an endpoint or a key.
  pushSubscriptions: readPushSubscriptions,
  onboarding: async (db, memberId) =>
    (await db
      .selectFrom('onboarding_progress')
      .select([
        'account_type as accountType',
        'user_data as choices',
        'owner_setup as ownerSetup',
        'steps',
        'current_step as currentStep',
        'completion_percentage as completionPercentage',
        'completed_steps as completedSteps',
        'skipped_steps as skippedSteps',
        'started_at as startedAt',
        'last_updated as lastUpdated',
        'completed_at as completedAt',
      ])
      .where('user_id', '=', memberId)
      .executeTakeFirst()) ?? null,
};

async function readProfile(db: Db, memberId: string): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    Object.entries(profileParts).map(async ([key, read]) => [key, await read(db, memberId)]),
  );
  return Object.fromEntries(entries);
}

/**
 * Everything of the member's own, one document each. Messages are the member's own words, as
 * Slack and Mastodon export them: the conversations they are in (ids and who is in them) and the
 * messages they wrote; what the other participant wrote is that member's to download.
 */
export const exportSections: readonly ExportSection[] = [
  { file: 'profile.json', read: readProfile },
  {
    file: 'posts.json',
    read: async (db, memberId) => ({
      posts: await db
        .selectFrom('posts')
        .select([
          'id',
          'number',
          'title',
          'content',
          'excerpt',
          'featured_image as featuredImage',
          'location',
          'status',
          'visibility',
          'categories',
          'tags',
          'seo_title as seoTitle',
          'seo_description as seoDescription',
          'allow_comments as allowComments',
          'allow_sharing as allowSharing',
          'views_count as views',
          'likes_count as likes',
          'comments_count as comments',
          'shares_count as shares',
          'created_at as createdAt',
          'published_at as publishedAt',
          'edited_at as editedAt',
          sql<string[]>`coalesce((select array_agg(m.file_id order by m.position)
            from post_media m where m.post_id = posts.id), '{}')`.as('mediaIds'),
        ])
        .where('author_id', '=', memberId)
        .orderBy('number')
        .execute(),
      liked: await db
        .selectFrom('post_likes')
        .select(['post_id as postId', 'liked_at as likedAt'])
        .where('user_id', '=', memberId)
        .orderBy('liked_at')
        .execute(),
      saved: await db
        .selectFrom('saved_posts')
        .select(['post_id as postId', 'saved_at as savedAt'])
        .where('user_id', '=', memberId)
        .orderBy('saved_at')
        .execute(),
    }),
  },
  {
    file: 'comments.json',
    read: (db, memberId) =>
      db
        .selectFrom('comments')
        .select([
          'id',
          'post_id as postId',
          'parent_id as parentId',
          'content',
          'likes_count as likes',
          'created_at as createdAt',
          'edited_at as editedAt',
        ])
        .where('author_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
  },
  {
    file: 'messages.json',
    read: async (db, memberId) => ({
      conversations: await db
        .selectFrom('conversations')
        .select(['id', 'participant_ids as participantIds', 'created_at as createdAt'])
        .where(sql<boolean>`${memberId}::uuid = any(participant_ids)`)
        .orderBy('created_at')
        .execute(),
      messages: await db
        .selectFrom('messages')
        .select(['id', 'conversation_id as conversationId', 'content', 'created_at as sentAt'])
        .where('sender_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
    }),
  },
  {
    file: 'friends.json',
    read: async (db, memberId) => ({
      friends: await db
        .selectFrom('friendships as f')
        .innerJoin('users as u', 'u.id', 'f.friend_id')
        .select([
          'f.friend_id as userId',
          'u.username',
          'u.display_name as displayName',
          'f.since',
          'f.permissions',
        ])
        .where('f.user_id', '=', memberId)
        .orderBy('f.since')
        .execute(),
      requests: await db
        .selectFrom('friend_requests')
        .select([
          'id',
          'from_user_id as fromUserId',
          'to_user_id as toUserId',
          'status',
          'message',
          'created_at as createdAt',
          'responded_at as respondedAt',
        ])
        .where((eb) => eb.or([eb('from_user_id', '=', memberId), eb('to_user_id', '=', memberId)]))
        .orderBy('created_at')
        .execute(),
      blocked: await db
        .selectFrom('blocks')
        .select(['blocked_user_id as userId', 'created_at as blockedAt'])
        .where('user_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
    }),
  },
  {
    file: 'follows.json',
    read: async (db, memberId) => ({
      following: await db
        .selectFrom('follows')
        .select(['followee_id as userId', 'created_at as since'])
        .where('follower_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
      followers: await db
        .selectFrom('follows')
        .select(['follower_id as userId', 'created_at as since'])
        .where('followee_id', '=', memberId)
        .orderBy('created_at')
        .execute(),
    }),
  },
  {
    file: 'notifications.json',
    read: (db, memberId) =>
      db
        .selectFrom('notifications')
        .select([
          'id',
          'type',
          'message',
          sql<string[]>`array(select a.actor_id from notification_actors a
            where a.notification_id = notifications.id order by a.position desc)`.as('actorIds'),
          'action_url as actionUrl',
          'read',
          'created_at as createdAt',
          'updated_at as updatedAt',
        ])
        .where('user_id', '=', memberId)
        .orderBy('updated_at')
        .execute(),
  },
];
