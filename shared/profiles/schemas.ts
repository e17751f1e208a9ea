import { z } from 'zod';
import { idField } from '../api/ids';
import { text } from '../api/text';
import { validationMessages } from '../auth/messages';
import { emailField, passwordField, roleSchema } from '../auth/schemas';
import { PEOPLE_SEARCH_LIMIT, SEARCH_QUERY_MAX } from '../social/limits';
import { messageRefusalSchema } from '../social/messaging';
import { personSchema, presenceStatusSchema, privacySchema } from '../social/people';
import {
  BIO_MAX,
  CERTIFICATIONS_MAX,
  DISPLAY_NAME_MAX,
  EDUCATION_MAX,
  ENTRY_DESCRIPTION_MAX,
  EXPERIENCE_MAX,
  FOLLOWS_PAGE,
  INTERESTS_MAX,
  LANGUAGES_MAX,
  LIST_ITEM_MAX,
  PHONE_MAX,
  PROFILE_SHORT_TEXT_MAX,
  SKILLS_MAX,
  SOCIAL_LINKS_MAX,
  URL_MAX,
} from './limits';

const shortText = (max = PROFILE_SHORT_TEXT_MAX) => text({ trim: true, max });

const webUrl = text({ trim: true, max: URL_MAX }).regex(
  /^$|^https?:\/\/\S+$/,
  'A link must start with http:// or https://',
);

/** A list of short labels (skills, interests, languages, certifications): trimmed, no repeats. */
const labels = (count: number) =>
  z
    .array(text({ trim: true, required: 'An entry cannot be blank', max: LIST_ITEM_MAX }))
    .max(count, `At most ${count} entries`)
    .transform((all) => [...new Set(all)]);

export const experienceEntrySchema = z.strictObject({
  id: idField(),
  title: shortText(),
  company: shortText(),
  duration: shortText(),
  description: text({ trim: true, max: ENTRY_DESCRIPTION_MAX }),
});
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

export const educationEntrySchema = z.strictObject({
  id: idField(),
  degree: shortText(),
  institution: shortText(),
  year: shortText(20),
  description: text({ trim: true, max: ENTRY_DESCRIPTION_MAX }),
});
export type EducationEntry = z.infer<typeof educationEntrySchema>;

export const socialLinkSchema = z.strictObject({
  id: idField(),
  platform: shortText(40),
  url: webUrl,
  icon: shortText(40),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** 002 §3: what the owner's switches show to others, and whether others may write or ask. */
export const profileCardSettingsSchema = z.strictObject({
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  showLocation: z.boolean(),
  showBirthDate: z.boolean(),
  showLastSeen: z.boolean(),
  allowDirectMessages: z.boolean(),
  allowFriendRequests: z.boolean(),
});
export type ProfileCardSettings = z.infer<typeof profileCardSettingsSchema>;

/** The new-profile defaults of 002 §3: location, last seen, messages and requests on; the rest hidden. */
export const DEFAULT_PROFILE_CARD_SETTINGS: ProfileCardSettings = {
  showEmail: false,
  showPhone: false,
  showLocation: true,
  showBirthDate: false,
  showLastSeen: true,
  allowDirectMessages: true,
  allowFriendRequests: true,
};

export const profileCardSettingsUpdateSchema = profileCardSettingsSchema
  .partial()
  .refine((update) => Object.keys(update).length > 0, 'Change at least one setting');

/** The fields a member edits on their profile (002 §3); email and password have their own flows. */
export const profileFieldsSchema = z.strictObject({
  displayName: text({
    trim: true,
    required: 'Display name is required',
    max: DISPLAY_NAME_MAX,
  }),
  bio: text({ trim: true, max: BIO_MAX }),
  jobTitle: shortText(),
  company: shortText(),
  location: shortText(),
  phone: text({ trim: true, max: PHONE_MAX }).regex(
    /^$|^[+0-9 ()./-]{3,}$/,
    'Enter a phone number with digits, spaces and + ( ) - . /',
  ),
  website: webUrl,
  birthDate: z.iso.date().nullable(),
  skills: labels(SKILLS_MAX),
  interests: labels(INTERESTS_MAX),
  languages: labels(LANGUAGES_MAX),
  certifications: labels(CERTIFICATIONS_MAX),
  experience: z.array(experienceEntrySchema).max(EXPERIENCE_MAX),
  education: z.array(educationEntrySchema).max(EDUCATION_MAX),
  socialLinks: z.array(socialLinkSchema).max(SOCIAL_LINKS_MAX),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** `PATCH /users/{id}` and the profile editor: any subset of the fields, at least one. */
export const profileEditSchema = profileFieldsSchema
  .partial()
  .refine((edit) => Object.keys(edit).length > 0, 'Change at least one field');
export type ProfileEdit = z.infer<typeof profileEditSchema>;

export const profileStatsSchema = z.object({
  posts: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

/**
 * A profile as one viewer may see it. What privacy hides is null (contact fields, last seen) or
 * empty (details of a profile the viewer may not see): the answer never carries it.
 * `contactVisible` says whether the contact block is shown at all (the owner, or a public
 * profile); `detailsVisible` whether bio, work, skills and the rest are (the relations policy).
 */
export const profileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  banner: z.string().nullable(),
  emailVerified: z.boolean(),
  privacy: privacySchema,
  status: presenceStatusSchema,
  lastSeen: z.iso.datetime().nullable(),
  joinDate: z.iso.datetime(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  birthDate: z.iso.date().nullable(),
  bio: z.string(),
  jobTitle: z.string(),
  company: z.string(),
  website: z.string(),
  skills: z.array(z.string()),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  certifications: z.array(z.string()),
  experience: z.array(experienceEntrySchema),
  education: z.array(educationEntrySchema),
  socialLinks: z.array(socialLinkSchema),
  stats: profileStatsSchema,
  /** The owner's switches: only in the owner's own answer (and an owner-role reader's). */
  profileCardSettings: profileCardSettingsSchema.nullable(),
  isSelf: z.boolean(),
  contactVisible: z.boolean(),
  detailsVisible: z.boolean(),
  followedByMe: z.boolean(),
  followsMe: z.boolean(),
  /** Whether the viewer may write to them (privacy, allowDirectMessages, blocks, a friend's write). */
  canMessage: z.boolean(),
  /** Why not, in the words the messaging commands refuse with; null when they may. */
  messageRefusal: messageRefusalSchema.nullable(),
  /** The version of the member's stream this answer reflects; pushes carry the same counter. */
  version: z.number().int().nonnegative(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `POST /users` (owner only): a new member with a full profile. */
export const createUserSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30)
    .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores'),
  email: emailField,
  password: text({ max: 200, required: 'Password is required' }),
  role: roleSchema.default('member'),
  privacy: privacySchema.default('public'),
  profile: profileFieldsSchema.partial().default({}),
  profileCardSettings: profileCardSettingsSchema.partial().default({}),
});
export type CreateUser = z.input<typeof createUserSchema>;

/** `GET /users`: by username (first match), or a name search (`q`, default 10). */
export const usersQuerySchema = z
  .strictObject({
    username: text({ trim: true, max: 30 }).optional(),
    q: text({ trim: true, max: SEARCH_QUERY_MAX }).optional(),
    email: emailField.optional(),
    _limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PEOPLE_SEARCH_LIMIT.max)
      .default(PEOPLE_SEARCH_LIMIT.default),
  })
  .refine(
    (query) => [query.username, query.q, query.email].filter((v) => v !== undefined).length <= 1,
    { message: 'Search by username, by name or by email, one at a time', path: ['q'] },
  );

export const userMappingCreateSchema = z.strictObject({
  user_id: idField(),
  uuidv7: idField().refine((id) => id[14] === '7', 'uuidv7 must be a version 7 UUID'),
  email: emailField,
  created_at: z.iso.datetime({ offset: true }),
});
export const userMappingSchema = z.object({
  user_id: z.uuid(),
  uuidv7: z.uuid(),
  email: z.string(),
  created_at: z.iso.datetime(),
});
export type UserMapping = z.infer<typeof userMappingSchema>;

export const sequenceAnswerSchema = z.object({
  userId: z.uuid(),
  value: z.number().int().positive(),
});

/** A follower or followee in a list: the person card, when the follow began, and the viewer's own follow. */
export const followEntrySchema = z.object({
  person: personSchema,
  since: z.iso.datetime(),
  followedByMe: z.boolean(),
});
export type FollowEntry = z.infer<typeof followEntrySchema>;

export const followsQuerySchema = z.strictObject({
  cursor: text({ max: 200 }).optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOWS_PAGE.max).default(FOLLOWS_PAGE.default),
});
export const followsPageSchema = z.object({
  entries: z.array(followEntrySchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type FollowsPage = z.infer<typeof followsPageSchema>;

export const followAnswerSchema = z.object({
  followedByMe: z.boolean(),
  stats: profileStatsSchema,
  version: z.number().int().nonnegative(),
});

/** `/profile/stats`: one point per day of posts, likes, comments received and new followers. */
export const engagementPointSchema = z.object({
  date: z.iso.date(),
  posts: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
});
export const engagementQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(7).max(365).default(30),
});
export const engagementSchema = z.object({
  stats: profileStatsSchema,
  points: z.array(engagementPointSchema),
});
export type Engagement = z.infer<typeof engagementSchema>;

/** 002 §3 notification settings: email, push, sms, marketing. */
export const notificationSettingsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  sms: z.boolean(),
  marketing: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const themeChoiceSchema = z.enum(['light', 'dark', 'system']);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;
export const fontSizeSchema = z.enum(['small', 'medium', 'large']);
export type FontSize = z.infer<typeof fontSizeSchema>;
export const appearanceSettingsSchema = z.strictObject({
  theme: themeChoiceSchema,
  fontSize: fontSizeSchema,
});
export type AppearanceSettings = z.infer<typeof appearanceSettingsSchema>;

/** A member's own settings, stored and followed to every device they use. */
export const memberSettingsSchema = z.object({
  notifications: notificationSettingsSchema,
  appearance: appearanceSettingsSchema,
  version: z.number().int().nonnegative(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

/** 002 §4 defaults: email and push on, sms and marketing off; theme follows the system. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  email: true,
  push: true,
  sms: false,
  marketing: false,
};
export const DEFAULT_APPEARANCE_SETTINGS: AppearanceSettings = {
  theme: 'system',
  fontSize: 'medium',
};

export const memberSettingsUpdateSchema = z
  .strictObject({
    notifications: notificationSettingsSchema.partial().optional(),
    appearance: appearanceSettingsSchema.partial().optional(),
  })
  .refine(
    (update) => update.notifications !== undefined || update.appearance !== undefined,
    'Change at least one setting',
  );
export type MemberSettingsUpdate = z.infer<typeof memberSettingsUpdateSchema>;

/** `POST /me/email`: the new address, and the current password to prove it is the member. */
export const emailChangeSchema = z.strictObject({
  email: emailField,
  password: passwordField(validationMessages.passwordRequired),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;

export const emailChangeAnswerSchema = z.object({ message: z.string() });

/** Sets or clears the avatar or banner from one of the member's uploaded images, cropped on the server. */
export const imageCropSchema = z.strictObject({
  x: z.number().int().nonnegative(),
  y: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export const profileImageUpdateSchema = z.strictObject({
  fileId: idField().nullable(),
  crop: imageCropSchema.optional(),
});
export type ProfileImageUpdate = z.infer<typeof profileImageUpdateSchema>;
