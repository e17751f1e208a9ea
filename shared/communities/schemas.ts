import { z } from 'zod';
import { text } from '../api/text';
import { EMAIL_PATTERN } from '../auth/schemas';
import { COMMUNITY_CATEGORIES, COMMUNITY_PRIVACY, COMMUNITY_ROLES } from './constants';
import { communityMessages } from './messages';
import { communityRefusals as r } from './refusals';
import { COMMUNITY_TAGS_MAX, COMMUNITY_TAG_MAX_LENGTH, tagMessages } from './tags';

export const COMMUNITY_NAME_MAX = 100;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const COMMUNITY_LOCATION_MAX = 200;
export const COMMUNITY_URL_MAX = 500;
export const COMMUNITY_RULES_MAX = 5000;
export const COMMUNITY_WELCOME_MAX = 2000;
/** Invitations one request may send. */
export const COMMUNITY_INVITES_MAX = 50;
/** Communities a socket may watch at once. */
export const COMMUNITIES_WATCHED_MAX = 20;
export const COMMUNITY_MEMBERS_PAGE = 50;
export const COMMUNITY_LIST_MAX = 100;

/** An optional text field of the form: blank reads as absent. */
const optionalText = (max: number) =>
  text({ trim: true, max, maxMessage: `At most ${max} characters` })
    .transform((value) => (value === '' ? null : value))
    .optional();

const tagList = z
  .array(
    text({
      trim: true,
      required: tagMessages.blank,
      max: COMMUNITY_TAG_MAX_LENGTH,
      maxMessage: tagMessages.tooLong,
    }),
  )
  .max(COMMUNITY_TAGS_MAX, tagMessages.tooMany)
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
    message: tagMessages.repeated,
  });

/** `001` §7: tags travel as a JSON string inside the multipart form. */
const tagsField = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: tagMessages.notAList });
      return z.NEVER;
    }
  })
  .pipe(tagList);

/**
 * The text fields of `POST /communities` (`001` §3 Community), as the multipart form carries
 * them: every value a string, a field the client had no value for simply left out.
 */
export const createCommunityFieldsSchema = z.strictObject({
  name: text({
    error: communityMessages.nameRequired,
    trim: true,
    required: communityMessages.nameRequired,
    max: COMMUNITY_NAME_MAX,
    maxMessage: `At most ${COMMUNITY_NAME_MAX} characters`,
  }),
  description: optionalText(COMMUNITY_DESCRIPTION_MAX),
  category: z.enum(COMMUNITY_CATEGORIES, { error: r.categoryRequired }),
  privacy: z.enum(COMMUNITY_PRIVACY, { error: r.privacyRequired }),
  website: text({ trim: true, max: COMMUNITY_URL_MAX, maxMessage: r.urlInvalid })
    .regex(/^$|^https?:\/\/[^\s/]+\S*$/, r.urlInvalid)
    .transform((value) => (value === '' ? null : value))
    .optional(),
  email: text({ trim: true, max: 254, maxMessage: r.emailInvalid })
    .regex(new RegExp(`^$|${EMAIL_PATTERN.source}`), r.emailInvalid)
    .transform((value) => (value === '' ? null : value))
    .optional(),
  location: optionalText(COMMUNITY_LOCATION_MAX),
  tags: tagsField.optional(),
  rules: optionalText(COMMUNITY_RULES_MAX),
  welcomeMessage: optionalText(COMMUNITY_WELCOME_MAX),
});
export type CreateCommunityFields = z.output<typeof createCommunityFieldsSchema>;
/** The form as the client fills it, before it becomes multipart fields. */
export type CreateCommunityInput = z.input<typeof createCommunityFieldsSchema>;

export const communityRoleSchema = z.enum(COMMUNITY_ROLES);
export const membershipStatusSchema = z.enum(['active', 'pending']);

export const communityStatsSchema = z.object({
  members: z.number().int().nonnegative(),
  discussions: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  /** Members active within ENGAGEMENT_WINDOW_DAYS, in whole percent of the members. */
  engagement: z.number().int().min(0).max(100),
});
export type CommunityStats = z.infer<typeof communityStatsSchema>;

/** The viewer's own standing: role and status when they belong or asked to, and any invitation. */
export const viewerMembershipSchema = z.object({
  role: communityRoleSchema.nullable(),
  status: membershipStatusSchema.nullable(),
  invited: z.boolean(),
});
export type ViewerMembership = z.infer<typeof viewerMembershipSchema>;

export const communitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(COMMUNITY_CATEGORIES),
  privacy: z.enum(COMMUNITY_PRIVACY),
  website: z.string().nullable(),
  email: z.string().nullable(),
  location: z.string().nullable(),
  tags: z.array(z.string()),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  rules: z.string(),
  welcomeMessage: z.string(),
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  stats: communityStatsSchema,
  /** Rises with every change of the counts: a client keeps the higher. */
  version: z.number().int().nonnegative(),
  membership: viewerMembershipSchema,
});
export type Community = z.infer<typeof communitySchema>;

export const communityIdParams = z.object({ id: text({ max: 100 }) });
export const communityMemberParams = z.object({
  id: text({ max: 100 }),
  userId: text({ max: 100 }),
});

export const communitiesQuerySchema = z.strictObject({
  scope: z.enum(['mine', 'discover']).default('mine'),
  q: text({ trim: true, max: 100 }).optional(),
});
export type CommunitiesQuery = z.output<typeof communitiesQuerySchema>;

export const communityListSchema = z.object({ communities: z.array(communitySchema) });
export type CommunityList = z.infer<typeof communityListSchema>;

export const communityMembersQuerySchema = z.strictObject({
  q: text({ trim: true, max: 100 }).optional(),
  role: communityRoleSchema.optional(),
  status: membershipStatusSchema.default('active'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CommunityMembersQuery = z.output<typeof communityMembersQuerySchema>;

/** `001` §3 Community member, as far as the community's and the profiles' rows know it. */
export const communityMemberSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: communityRoleSchema,
  status: membershipStatusSchema,
  joinDate: z.iso.datetime(),
  posts: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  isOnline: z.boolean(),
  lastSeen: z.iso.datetime().nullable(),
  badges: z.array(z.string()),
  bio: z.string(),
  location: z.string(),
  reputation: z.number().int().nonnegative(),
  level: z.number().int().positive(),
});
export type CommunityMember = z.infer<typeof communityMemberSchema>;

export const communityMembersPageSchema = z.object({
  members: z.array(communityMemberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  hasMore: z.boolean(),
});
export type CommunityMembersPage = z.infer<typeof communityMembersPageSchema>;

export const changeRoleSchema = z.strictObject({ role: communityRoleSchema });

export const inviteMembersSchema = z.strictObject({
  userIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one member')
    .max(COMMUNITY_INVITES_MAX, `At most ${COMMUNITY_INVITES_MAX} members at once`),
});
export const inviteResultSchema = z.object({
  /** Those newly invited; members already in, already asked or already invited are left out. */
  invited: z.array(z.uuid()),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const communityInvitationSchema = z.object({
  community: communitySchema,
  invitedBy: z
    .object({ id: z.uuid(), displayName: z.string(), avatar: z.string().nullable() })
    .nullable(),
  invitedAt: z.iso.datetime(),
});
export type CommunityInvitation = z.infer<typeof communityInvitationSchema>;
export const communityInvitationsSchema = z.object({
  invitations: z.array(communityInvitationSchema),
});
