import { AVATAR_SIZE, BANNER_SIZE } from '../profiles/limits';

/** Enumerations of `001` §3 for the business account and organizations. */
export const BUSINESS_INDUSTRIES = [
  'technology',
  'healthcare',
  'education',
  'finance',
  'retail',
  'manufacturing',
  'consulting',
  'other',
] as const;
export type BusinessIndustry = (typeof BUSINESS_INDUSTRIES)[number];

export const ORGANIZATION_INDUSTRIES = [
  'technology',
  'healthcare',
  'education',
  'finance',
  'nonprofit',
  'retail',
  'manufacturing',
  'other',
] as const;
export type OrganizationIndustry = (typeof ORGANIZATION_INDUSTRIES)[number];

/** Organization size and a business's employee count share one scale. */
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '500+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export interface DayHours {
  open: string;
  close: string;
  closed: boolean;
}
export type BusinessHours = Record<WeekDay, DayHours>;

const weekday: DayHours = { open: '09:00', close: '17:00', closed: false };

/** `001` §3: Monday to Friday 09:00-17:00 open, Saturday 10:00-15:00 open, Sunday closed. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday: { open: '10:00', close: '15:00', closed: false },
  sunday: { open: '10:00', close: '15:00', closed: true },
};

/** The earliest founded year accepted (`001` §5); the latest is the current year. */
export const FOUNDED_YEAR_MIN = 1800;

export const BUSINESS_NAME_MAX = 120;
export const BUSINESS_DESCRIPTION_MAX = 2000;
export const BUSINESS_SHORT_TEXT_MAX = 120;
export const BUSINESS_ZIP_MAX = 20;
export const BUSINESS_URL_MAX = 500;
export const BUSINESS_PHONE_MAX = 30;
export const BUSINESS_REVENUE_MAX = 60;
/** As long as a profile list entry, so the shared chips input applies the same rule. */
export const BUSINESS_LIST_ITEM_MAX = 60;
export const BUSINESS_SERVICES_MAX = 50;
export const BUSINESS_CERTIFICATIONS_MAX = 30;
export const BUSINESS_SOCIAL_LINKS_MAX = 10;
/** A logo or banner sent inline as a data URL; the JSON body limit (1 MB) bounds both together. */
export const BUSINESS_IMAGE_DATA_URL_MAX = 700_000;

/** `001` §3: logo 256x256, banner 1200x400; the server crops and resizes to these. */
export const LOGO_SIZE = AVATAR_SIZE;
export { BANNER_SIZE };

/** How long the 'saved' banner stays (`001` §9). */
export const BUSINESS_SAVED_BANNER_MS = 3000;

/** The member's organizations, newest first, at most this many. */
export const ORGANIZATIONS_LIST_MAX = 100;
