import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { authErrorMessages } from '../../../shared/auth/messages';
import type { Role } from '../../../shared/auth/schemas';
import type { NewEvent } from '../../../shared/events';
import {
  DEFAULT_PROFILE_CARD_SETTINGS,
  profileMessages,
  type ProfileCardSettings,
  type ProfileEdit,
  type ProfileFields,
  type UserMapping,
} from '../../../shared/profiles';
import type { Privacy } from '../../../shared/social';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, DomainError, forbidden, invalid, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import {
  exists,
  first,
  mapRead,
  rows,
  streamVersion,
  streamVersionSql,
  value,
} from '../../core/reads';
import { qb } from '../../db/statement';
import { userStreamId } from '../auth/streams';
import { blockedRefusal } from '../friends/commands';
import { blockedEitherWay, member } from '../relations/relations-policy';
import { followAnswerRead } from './follows-read';
import { changedFields, type CurrentFields } from './profile-fields';
import { profileReply } from './profile-read';
import { profileViewsStreamId, userMappingStreamId, userSequenceStreamId } from './streams';

export const userNotFound = () => notFound(profileMessages.userNotFound, 'user-not-found');

/** Only the member themself or an owner may change a member's profile and records. */
export function assertSelfOrOwner(callerId: string, userId: string, callerRole: Role): void {
  if (callerId !== userId && callerRole !== 'owner') {
    throw forbidden('not-self-or-owner', profileMessages.selfOrOwnerOnly);
  }
}

/** The fields of a profile as they are now, read with the member's display name. */
const currentFieldsQuery = (userId: string) =>
  qb
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.display_name',
      'p.bio',
      'p.job_title',
      'p.company',
      'p.location',
      'p.phone',
      'p.website',
      sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'p.skills',
      'p.interests',
      'p.languages',
      'p.certifications',
      'p.experience',
      'p.education',
      'p.social_links',
    ])
    .where('u.id', '=', userId);

type CurrentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof currentFieldsQuery>['executeTakeFirst']>>
>;

export function fieldsOf(row: CurrentRow): CurrentFields {
  return {
    displayName: row.display_name,
    bio: row.bio,
    jobTitle: row.job_title,
    company: row.company,
    location: row.location,
    phone: row.phone,
    website: row.website,
    birthDate: row.birth_date,
    skills: row.skills,
    interests: row.interests,
    languages: row.languages,
    certifications: row.certifications,
    experience: row.experience,
    education: row.education,
    socialLinks: row.social_links,
  };
}

export interface EditProfileInput {
  userId: string;
  callerId: string;
  callerRole: Role;
  edit: ProfileEdit;
}

/**
 * Edits a profile (the member or an owner): `ProfileEdited` carries only the fields that change;
 * an edit that changes nothing appends nothing. The answer is the profile as the caller sees it.
 */
export const editProfile = defineCommand({
  name: 'profiles.edit',
  load: ({ userId }: EditProfileInput) => ({
    current: first(currentFieldsQuery(userId)),
    version: streamVersion(userStreamId(userId)),
  }),
  decide({ current, version }, { userId, callerId, callerRole, edit }) {
    assertSelfOrOwner(callerId, userId, callerRole);
    if (!current) throw userNotFound();
    const changes = changedFields(fieldsOf(current), edit);
    const reply = profileReply(userId, callerId);
    if (Object.keys(changes).length === 0) return { reply };
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'ProfileEdited', data: { userId, changes, byUserId: callerId } },
        ]),
      ],
      reply,
    };
  },
});

/** Of a settings update, only the switches that differ from the current ones. */
export function changedSettings(
  current: ProfileCardSettings,
  update: Partial<ProfileCardSettings>,
): Partial<ProfileCardSettings> {
  const changes: Partial<ProfileCardSettings> = {};
  for (const key of Object.keys(update) as (keyof ProfileCardSettings)[]) {
    const next = update[key];
    if (next !== undefined && next !== current[key]) changes[key] = next;
  }
  return changes;
}

const cardSettingsQuery = (userId: string) =>
  qb.selectFrom('profiles').select('card_settings').where('user_id', '=', userId);

/** The member's own profile card switches; switches already so append nothing. */
export const changeCardSettings = defineCommand({
  name: 'profiles.cardSettings',
  load: ({ userId }: { userId: string; update: Partial<ProfileCardSettings> }) => ({
    current: first(cardSettingsQuery(userId)),
    version: streamVersion(userStreamId(userId)),
  }),
  decide({ current, version }, { userId, update }) {
    if (!current) throw userNotFound();
    const changes = changedSettings(current.card_settings, update);
    const reply = mapRead(
      first(cardSettingsQuery(userId)),
      (row) => row?.card_settings ?? DEFAULT_PROFILE_CARD_SETTINGS,
    );
    if (Object.keys(changes).length === 0) return { reply };
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'ProfileCardSettingsChanged', data: { userId, changes } },
        ]),
      ],
      reply,
    };
  },
});

export type ProfileImageKind = 'avatar' | 'banner';

export interface SetImageInput {
  userId: string;
  kind: ProfileImageKind;
  /** The derived, cropped file and its URL; null clears the image. */
  image: { fileId: string; url: string } | null;
}

/** Sets or clears the avatar or the banner; the same image again appends nothing. */
export const setProfileImage = defineCommand({
  name: 'profiles.image',
  load: ({ userId }: SetImageInput) => ({
    current: first(
      qb
        .selectFrom('profiles')
        .select(['avatar_file_id', 'banner_file_id'])
        .where('user_id', '=', userId),
    ),
    version: streamVersion(userStreamId(userId)),
  }),
  decide({ current, version }, { userId, kind, image }) {
    if (!current) throw userNotFound();
    const reply = profileReply(userId, userId);
    const now = kind === 'avatar' ? current.avatar_file_id : current.banner_file_id;
    if (now === (image?.fileId ?? null)) return { reply };
    const data = { userId, fileId: image?.fileId ?? null, url: image?.url ?? null };
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          kind === 'avatar' ? { type: 'AvatarChanged', data } : { type: 'BannerChanged', data },
        ]),
      ],
      reply,
    };
  },
});

export interface FollowInput {
  followerId: string;
  followeeId: string;
  follow: boolean;
}

/**
 * Follows or unfollows a member, on the follower's stream: a second follow, or an unfollow of
 * someone not followed, appends nothing. Nobody follows themself, an inactive member or across
 * a block; an unfollow is always allowed.
 */
export const setFollow = defineCommand({
  name: 'profiles.follow',
  load: ({ followerId, followeeId }: FollowInput) => ({
    followee: first(qb.selectFrom('users').select('status').where('id', '=', followeeId)),
    blocked: value(blockedEitherWay(member(followerId), member(followeeId))),
    following: exists(
      qb
        .selectFrom('follows')
        .select('follower_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId),
    ),
    version: streamVersion(userStreamId(followerId)),
  }),
  decide(state, { followerId, followeeId, follow }) {
    if (followerId === followeeId) {
      throw invalid('cannot-follow-self', profileMessages.cannotFollowSelf);
    }
    if (!state.followee) throw userNotFound();
    const reply = followAnswerRead(followeeId, followerId);
    if (state.following === follow) return { reply };
    if (follow) {
      if (state.followee.status !== 'active') throw userNotFound();
      if (state.blocked) throw blockedRefusal();
    }
    const data = { followerId, followeeId };
    return {
      appends: [
        appendTo(userStreamId(followerId), state.version, [
          follow ? { type: 'MemberFollowed', data } : { type: 'MemberUnfollowed', data },
        ]),
      ],
      reply,
    };
  },
});

export interface CreateUserInput {
  ownerId: string;
  username: string;
  email: string;
  /** Hashed before the command runs: argon2 is slow by design. */
  passwordHash: string;
  role: Role;
  privacy: Privacy;
  profile: Partial<ProfileFields>;
  cardSettings: Partial<ProfileCardSettings>;
}

/** What a new member's profile holds before any edit: the name is the username. */
export function blankFields(username: string): CurrentFields {
  return {
    displayName: username,
    bio: '',
    jobTitle: '',
    company: '',
    location: '',
    phone: '',
    website: '',
    birthDate: null,
    skills: [],
    interests: [],
    languages: [],
    certifications: [],
    experience: [],
    education: [],
    socialLinks: [],
  };
}

/** The events of a member an owner creates, beyond registration: only what differs from a new profile. */
export function newMemberEvents(userId: string, input: CreateUserInput): NewEvent[] {
  const changes = changedFields(blankFields(input.username), input.profile);
  const settings = changedSettings(DEFAULT_PROFILE_CARD_SETTINGS, input.cardSettings);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId,
        username: input.username,
        email: input.email,
        passwordHash: input.passwordHash,
        role: input.role,
      },
    },
    ...(Object.keys(changes).length > 0
      ? [{ type: 'ProfileEdited', data: { userId, changes, byUserId: input.ownerId } } as const]
      : []),
    ...(Object.keys(settings).length > 0
      ? [{ type: 'ProfileCardSettingsChanged', data: { userId, changes: settings } } as const]
      : []),
    ...(input.privacy !== 'public'
      ? [{ type: 'ProfilePrivacyChanged', data: { userId, privacy: input.privacy } } as const]
      : []),
  ];
}

const taken = (code: 'email-already-in-use' | 'username-already-in-use', field: string) =>
  new DomainError('conflict', code, authErrorMessages[code], {
    [field]: authErrorMessages[code],
  });

/**
 * An owner creates a member with a full profile: registration, profile, card switches and privacy
 * in one transaction. Uniqueness is checked at commit under sign-up's registration lock, as for
 * a sign-up.
 */
export const createUser = defineCommand({
  name: 'profiles.createUser',
  load: () => ({}),
  decide(_state, input: CreateUserInput) {
    const userId = randomUUID();
    return {
      guards: [
        lock('registration'),
        refuseUnless(
          sql<boolean>`not exists (select 1 from users where lower(email) = ${input.email.toLowerCase()})`,
          taken('email-already-in-use', 'email'),
        ),
        refuseUnless(
          sql<boolean>`not exists (select 1 from users
            where lower(username) = ${input.username.toLowerCase()})`,
          taken('username-already-in-use', 'username'),
        ),
      ],
      appends: [appendTo(userStreamId(userId), 0, newMemberEvents(userId, input))],
      reply: profileReply(userId, input.ownerId),
    };
  },
});

export interface MappingInput {
  callerId: string;
  callerRole: Role;
  mapping: { user_id: string; uuidv7: string; email: string; created_at: string };
}

const mappingOf = (userId: string) =>
  qb
    .selectFrom('user_mappings')
    .select(['user_id', 'uuidv7', 'email', 'created_at'])
    .where('user_id', '=', userId);

export const presentMapping = (row: {
  user_id: string;
  uuidv7: string;
  email: string;
  created_at: Date;
}): UserMapping => ({ ...row, created_at: row.created_at.toISOString() });

const mappingTaken = () =>
  conflict('mapping-exists', 'This member already has a uuidv7 mapping, or the uuidv7 is taken');

/** Records a member's uuidv7 mapping (the member or an owner): one per member, ever. */
export const recordUserMapping = defineCommand({
  name: 'profiles.mapping',
  load: ({ mapping }: MappingInput) => ({
    user: exists(qb.selectFrom('users').select('id').where('id', '=', mapping.user_id)),
    existing: exists(
      qb
        .selectFrom('user_mappings')
        .select('user_id')
        .where((eb) =>
          eb.or([eb('user_id', '=', mapping.user_id), eb('uuidv7', '=', mapping.uuidv7)]),
        ),
    ),
    version: streamVersion(userMappingStreamId(mapping.user_id)),
  }),
  decide({ user, existing, version }, { callerId, callerRole, mapping }) {
    assertSelfOrOwner(callerId, mapping.user_id, callerRole);
    if (!user) throw userNotFound();
    if (existing || version > 0) throw mappingTaken();
    return {
      // A uuidv7 is unique across members: two members claiming one meet under this lock.
      guards: [
        lock('user-mappings'),
        refuseUnless(
          sql<boolean>`not exists (select 1 from user_mappings where uuidv7 = ${mapping.uuidv7}::uuid)`,
          mappingTaken(),
        ),
      ],
      appends: [
        appendTo(userMappingStreamId(mapping.user_id), 0, [
          {
            type: 'UserMappingRecorded',
            data: {
              userId: mapping.user_id,
              uuidv7: mapping.uuidv7,
              email: mapping.email,
              createdAt: mapping.created_at,
            },
          },
        ]),
      ],
      reply: mapRead(first(mappingOf(mapping.user_id)), (row) => row && presentMapping(row)),
    };
  },
});

export interface SequenceInput {
  userId: string;
  callerId: string;
  callerRole: Role;
}

/**
 * The next value of the member's own sequence (1, 2, ...). The member's sequence lock is taken
 * before the read, so concurrent calls are served one after another and each gets its own value;
 * the append at the version read is the second safeguard.
 */
export const nextSequenceValue = defineCommand({
  name: 'profiles.sequence',
  serialize: ({ userId }: SequenceInput) => [lock(`user-sequence:${userId}`)],
  load: ({ userId }: SequenceInput) => ({
    user: exists(qb.selectFrom('users').select('id').where('id', '=', userId)),
    current: first(qb.selectFrom('user_sequences').select('value').where('user_id', '=', userId)),
    version: streamVersion(userSequenceStreamId(userId)),
  }),
  decide({ user, current, version }, { userId, callerId, callerRole }) {
    assertSelfOrOwner(callerId, userId, callerRole);
    if (!user) throw userNotFound();
    const next = (current?.value ?? 0) + 1;
    return {
      appends: [
        appendTo(userSequenceStreamId(userId), version, [
          { type: 'UserSequenceAdvanced', data: { userId, value: next } },
        ]),
      ],
      result: { userId, value: next },
    };
  },
});

/**
 * Adds counted profile views: one `ProfileViewsCounted` per member, on the member's views stream
 * at the version read. A member gone meanwhile is left out.
 */
export const recordProfileViews = defineCommand({
  name: 'profiles.views',
  load: (input: { views: readonly { userId: string; count: number }[] }) => ({
    members: rows(
      qb
        .selectFrom('users as u')
        .select([
          'u.id',
          streamVersionSql(sql`${profileViewsStreamId('')} || u.id::text`).as('version'),
        ])
        .where(sql<boolean>`u.id = any(${input.views.map((v) => v.userId)}::uuid[])`),
    ),
  }),
  decide({ members }, { views }) {
    const counts = new Map(views.map((v) => [v.userId, v.count]));
    return {
      appends: members.flatMap((m) => {
        const count = counts.get(m.id) ?? 0;
        return count > 0
          ? [
              appendTo(profileViewsStreamId(m.id), m.version, [
                { type: 'ProfileViewsCounted', data: { userId: m.id, count } },
              ]),
            ]
          : [];
      }),
    };
  },
});
