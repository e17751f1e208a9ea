import { sql, type RawBuilder } from 'kysely';
import type { OnboardingUserData } from '../../../shared/onboarding';
import { statement, type Statement } from '../../db/statement';
import { apiTokensRedactionStatements } from '../api-tokens/api-tokens-redaction';
import { userStreamIdSql } from '../auth/streams';
import { businessRedactionStatements } from '../business/business-redaction';
import { backupRedactionStatements } from '../content-history/history-redaction';
import { organizationsRedactionStatements } from '../organizations/organizations-redaction';

/** What replaces a member's text in the log: short, and valid wherever text must not be empty. */
export const ERASED_TEXT = '[erased]';
const ERASED_SECRET = 'erased';
/**
 * What an erased member's onboarding choices become: the first of each, as valid as theirs. The
 * session's steps stay, since the step events that follow name them.
 */
const ERASED_ONBOARDING_CHOICES: OnboardingUserData = {
  useCase: 'personal',
  experienceLevel: 'beginner',
  primaryGoal: 'networking',
  preferredFeatures: [],
  timeAvailability: 'minimal',
};

/**
 * The name an erased member's registration keeps in the log: unique per member, so a rebuild that
 * registers two erased members before it deletes either never trips the unique username index,
 * and within the 30 characters a username may have.
 */
export function erasedUsername(userId: string): string {
  return `erased-${userId.replaceAll('-', '').slice(0, 23)}`;
}

export function erasedEmail(userId: string): string {
  return `${erasedUsername(userId)}@erased.invalid`;
}

/** Sets keys of an event's data to the given JSON values. */
function redact(values: Record<string, unknown>, where: RawBuilder<boolean>): Statement {
  return statement(sql`
    update events set data = data || ${JSON.stringify(values)}::jsonb
    where ${where}`);
}

const ofType = (...types: string[]) => sql<boolean>`type = any(${types}::text[])`;
const field = (name: string, userId: string) =>
  sql<boolean>`data ->> ${name} = ${userId}::uuid::text`;

/**
 * Rewrites every event that carries the member's personal data, replacing those values with
 * placeholders that still pass the event schemas, and keeping ids, types, versions and order:
 * projections replay the redacted log exactly as before, the member's `AccountDeleted` still
 * removes them, and nothing a rebuild or a restore reads can bring the values back.
 *
 * What is theirs: their account stream's email, username and password hashes; their profile
 * fields, images, card switches and settings; their uuidv7 mapping's address; their onboarding
 * choices and owner setup (company, role); the notes of friend requests to or from them; the
 * messages, posts, comments (and those comments' edits) they wrote, and their copies in backups;
 * their files' names, tags and descriptions; their business accounts and their organizations'
 * details. What others wrote stays others': a reply to their comment or a message to them is not
 * redacted.
 * Idempotent: a restore applies it again to every erased member.
 */
export function redactionStatements(userId: string): Statement[] {
  const username = erasedUsername(userId);
  const email = erasedEmail(userId);
  const ownStream = sql<boolean>`stream_id = ${userStreamIdSql(sql`${userId}::uuid`)}`;
  const theirComments = sql`(select data ->> 'commentId' from events
    where type = 'CommentAdded' and ${field('authorId', userId)})`;
  const theirFiles = sql`(select data ->> 'fileId' from events
    where type = 'FileUploaded' and ${field('ownerId', userId)})`;
  return [
    redact(
      { username, email, passwordHash: ERASED_SECRET },
      sql`${ownStream} and ${ofType('UserRegistered')}`,
    ),
    redact({ passwordHash: ERASED_SECRET }, sql`${ownStream} and ${ofType('PasswordChanged')}`),
    redact(
      { sealedSecret: ERASED_SECRET },
      sql`${ownStream} and ${ofType('TwoFactorSetupStarted')}`,
    ),
    redact({ changes: {} }, sql`${ofType('ProfileEdited')} and ${field('userId', userId)}`),
    redact(
      { changes: {} },
      sql`${ofType('ProfileCardSettingsChanged')} and ${field('userId', userId)}`,
    ),
    redact(
      { notifications: {}, appearance: {} },
      sql`${ofType('MemberSettingsChanged')} and ${field('userId', userId)}`,
    ),
    redact({ email }, sql`${ofType('UserMappingRecorded')} and ${field('userId', userId)}`),
    redact(
      { newEmail: email },
      sql`${ofType('EmailChangeRequested')} and ${field('userId', userId)}`,
    ),
    redact({ email }, sql`${ofType('EmailChanged')} and ${field('userId', userId)}`),
    redact(
      { userData: ERASED_ONBOARDING_CHOICES, ownerSetup: null },
      sql`${ofType('OnboardingStarted')} and ${field('userId', userId)}`,
    ),
    redact(
      { url: null },
      sql`${ofType('AvatarChanged', 'BannerChanged')} and ${field('userId', userId)}`,
    ),
    redact(
      { message: null },
      sql`${ofType('FriendRequestSent')}
        and (${field('fromUserId', userId)} or ${field('toUserId', userId)})`,
    ),
    redact(
      { content: ERASED_TEXT },
      sql`${ofType('MessageSent')} and ${field('senderId', userId)}`,
    ),
    // The handles were their text too; the ids stay, as everywhere.
    redact({ mentions: [] }, sql`${ofType('MessageMentionsSet')} and ${field('authorId', userId)}`),
    redact(
      {
        title: '',
        content: '',
        excerpt: '',
        featuredImage: null,
        location: null,
        categories: [],
        tags: [],
        seoTitle: '',
        seoDescription: '',
      },
      sql`${ofType('PostDrafted', 'PostEdited')} and ${field('authorId', userId)}`,
    ),
    redact(
      { content: ERASED_TEXT },
      sql`${ofType('CommentAdded')} and ${field('authorId', userId)}`,
    ),
    redact(
      { content: ERASED_TEXT },
      sql`${ofType('CommentEdited')} and data ->> 'commentId' in ${theirComments}`,
    ),
    ...backupRedactionStatements(userId, ERASED_TEXT),
    ...apiTokensRedactionStatements(userId, ERASED_TEXT),
    ...businessRedactionStatements(userId, ERASED_TEXT),
    ...organizationsRedactionStatements(userId, ERASED_TEXT),
    redact({ tags: [] }, sql`${ofType('FileTagged')} and data ->> 'fileId' in ${theirFiles}`),
    redact(
      { description: '' },
      sql`${ofType('FileDescribed')} and data ->> 'fileId' in ${theirFiles}`,
    ),
    // Last: the statements above find the member's files through these events' owner.
    redact({ name: ERASED_TEXT }, sql`${ofType('FileUploaded')} and ${field('ownerId', userId)}`),
  ];
}

/**
 * After a restore has put older events back: every erased member's events are redacted again,
 * and a member whose `AccountDeleted` the restored log lacks gets it appended anew, so the
 * rebuild that follows removes them again. Rows get the restore's own transaction id, which the
 * relays skip.
 */
export function reapplyErasureStatements(userIds: readonly string[]): Statement[] {
  if (userIds.length === 0) return [];
  return [
    ...userIds.flatMap(redactionStatements),
    statement(sql`
      insert into events (stream_id, stream_version, type, data)
      select s.stream_id,
        coalesce((select max(stream_version) from events e where e.stream_id = s.stream_id), 0) + 1,
        'AccountDeleted', jsonb_build_object('userId', s.user_id)
      from (select m.user_id, ${userStreamIdSql(sql`m.user_id`)} as stream_id
            from erased_members m where m.user_id = any(${userIds}::uuid[])) s
      where not exists (select 1 from events e
                        where e.stream_id = s.stream_id and e.type = 'AccountDeleted')`),
  ];
}
