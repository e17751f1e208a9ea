import { z } from 'zod';
import { text } from '../api/text';
import {
  BUSINESS_CERTIFICATIONS_MAX,
  BUSINESS_DESCRIPTION_MAX,
  BUSINESS_IMAGE_DATA_URL_MAX,
  BUSINESS_INDUSTRIES,
  BUSINESS_NAME_MAX,
  BUSINESS_REVENUE_MAX,
  BUSINESS_SERVICES_MAX,
  BUSINESS_SHORT_TEXT_MAX,
  BUSINESS_SOCIAL_LINKS_MAX,
  BUSINESS_ZIP_MAX,
  COMPANY_SIZES,
  DEFAULT_BUSINESS_HOURS,
  WEEK_DAYS,
  type BusinessHours,
} from './constants';
import {
  foundedYearField,
  labelList,
  optionalChoice,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalUrl,
  webUrl,
} from './fields';
import { businessFieldMessages as fm, businessMessages as m } from './messages';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const dayHoursSchema = z
  .strictObject({
    open: z.string().regex(TIME, fm.time),
    close: z.string().regex(TIME, fm.time),
    closed: z.boolean(),
  })
  // HH:MM compares as text in clock order; a closed day keeps its times for when it reopens.
  .refine((day) => day.closed || day.close > day.open, {
    message: fm.closeAfterOpen,
    path: ['close'],
  });

export const businessHoursSchema = z.strictObject(
  Object.fromEntries(
    WEEK_DAYS.map((day) => [day, dayHoursSchema.default(DEFAULT_BUSINESS_HOURS[day])]),
  ) as {
    [D in (typeof WEEK_DAYS)[number]]: z.ZodDefault<typeof dayHoursSchema>;
  },
);

/**
 * A logo or banner as the form sends it: '' for none, a data URL of an image (decoded, checked by
 * its bytes, cropped and stored by the server), or the URL the account already answers.
 */
const imageField = text({ max: BUSINESS_IMAGE_DATA_URL_MAX, maxMessage: fm.image })
  .refine(
    (value) =>
      value === '' ||
      /^data:image\/[\w.+-]+;base64,[A-Za-z0-9+/]+=*$/.test(value) ||
      /^(https?:\/\/|\/)\S+$/.test(value),
    fm.image,
  )
  .default('');

/**
 * `PUT /api/business-account`: the whole object; a key left out reads as not set. The account as
 * `GET` answers it is a valid body: its read-only `exists` and `updatedAt` are ignored, and
 * `version`, when sent, must still be the account's (optimistic concurrency).
 */
export const businessAccountUpdateSchema = z.strictObject({
  name: text({
    trim: true,
    required: m.nameRequired,
    max: BUSINESS_NAME_MAX,
    error: m.nameRequired,
  }),
  description: optionalText(BUSINESS_DESCRIPTION_MAX),
  industry: optionalChoice(BUSINESS_INDUSTRIES, fm.industry),
  website: optionalUrl,
  email: optionalEmail,
  phone: optionalPhone,
  address: optionalText(BUSINESS_SHORT_TEXT_MAX),
  city: optionalText(BUSINESS_SHORT_TEXT_MAX),
  state: optionalText(BUSINESS_SHORT_TEXT_MAX),
  zipCode: optionalText(BUSINESS_ZIP_MAX),
  country: optionalText(BUSINESS_SHORT_TEXT_MAX),
  foundedYear: foundedYearField,
  employeeCount: optionalChoice(COMPANY_SIZES, fm.size),
  revenue: optionalText(BUSINESS_REVENUE_MAX),
  logo: imageField,
  banner: imageField,
  socialLinks: labelList(BUSINESS_SOCIAL_LINKS_MAX, webUrl),
  services: labelList(BUSINESS_SERVICES_MAX),
  certifications: labelList(BUSINESS_CERTIFICATIONS_MAX),
  businessHours: businessHoursSchema.default(DEFAULT_BUSINESS_HOURS),
  exists: z.boolean().optional().describe('Read-only: ignored.'),
  version: z
    .number({ error: fm.version })
    .int({ error: fm.version })
    .min(0, { error: fm.version })
    .optional()
    .describe(
      'The version the client read. When given, the save is refused with 409 ' +
        '`version-conflict` (and the current version) if the account has changed since.',
    ),
  updatedAt: z.string().nullable().optional().describe('Read-only: ignored.'),
});
export type BusinessAccountUpdate = z.input<typeof businessAccountUpdateSchema>;
export type BusinessAccountInput = z.output<typeof businessAccountUpdateSchema>;

const dayAnswer = z.object({ open: z.string(), close: z.string(), closed: z.boolean() });

/** The business account's fields as they are kept: images are URLs of stored files ('' for none). */
export const businessAccountFieldsSchema = z.object({
  name: z.string(),
  description: z.string(),
  industry: z.union([z.enum(BUSINESS_INDUSTRIES), z.literal('')]),
  website: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  foundedYear: z.number().int().nullable(),
  employeeCount: z.union([z.enum(COMPANY_SIZES), z.literal('')]),
  revenue: z.string(),
  logo: z.string(),
  banner: z.string(),
  socialLinks: z.array(z.string()),
  services: z.array(z.string()),
  certifications: z.array(z.string()),
  businessHours: z.object(
    Object.fromEntries(WEEK_DAYS.map((day) => [day, dayAnswer])) as Record<
      (typeof WEEK_DAYS)[number],
      typeof dayAnswer
    >,
  ),
});
export type BusinessAccountFields = z.infer<typeof businessAccountFieldsSchema>;

/**
 * `GET` and `PUT /api/business-account`. `exists` is false for a member who never saved one: the
 * fields are then the defaults with everything else empty, and `version` is 0.
 */
export const businessAccountSchema = businessAccountFieldsSchema.extend({
  exists: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type BusinessAccount = z.infer<typeof businessAccountSchema>;

/** The account a member has not created yet. */
export function emptyBusinessAccount(): BusinessAccount {
  return {
    name: '',
    description: '',
    industry: '',
    website: '',
    email: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    country: '',
    foundedYear: null,
    employeeCount: '',
    revenue: '',
    logo: '',
    banner: '',
    socialLinks: [],
    services: [],
    certifications: [],
    businessHours: structuredClone(DEFAULT_BUSINESS_HOURS) as BusinessHours,
    exists: false,
    version: 0,
    updatedAt: null,
  };
}

/** The member's own content figures for the report, from their profile stats and posts. */
export const businessReportSchema = z.object({
  account: businessAccountSchema,
  weeklyOpenMinutes: z.number().int(),
  openDays: z.number().int(),
  completeness: z.number().int().min(0).max(100),
  content: z.object({
    posts: z.number().int(),
    views: z.number().int(),
    likes: z.number().int(),
    followers: z.number().int(),
  }),
  generatedAt: z.string(),
});
export type BusinessReport = z.infer<typeof businessReportSchema>;
