import { z } from 'zod';
import { text } from '../api/text';
import { EMAIL_PATTERN } from '../auth/schemas';
import {
  BUSINESS_LIST_ITEM_MAX,
  BUSINESS_PHONE_MAX,
  BUSINESS_URL_MAX,
  FOUNDED_YEAR_MIN,
} from './constants';
import { businessFieldMessages as m } from './messages';

/**
 * Field rules shared by the business account (a JSON body) and the create-organization form (a
 * multipart form, where every value arrives as text): an empty value means "not set".
 */
export const optionalText = (max: number) => text({ trim: true, max }).default('');

export const optionalEmail = text({ trim: true, max: 254, maxMessage: m.email })
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), m.email)
  .default('');

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

export const webUrl = text({ trim: true, max: BUSINESS_URL_MAX }).refine(isWebUrl, m.url);
export const optionalUrl = text({ trim: true, max: BUSINESS_URL_MAX })
  .refine((value) => value === '' || isWebUrl(value), m.url)
  .default('');

const PHONE = /^\+?[\d\s()-]+$/;
/** Digits, spaces, + - ( ), and between 5 and 20 digits: a number someone could dial. */
export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 5 && digits <= 20;
}
export const optionalPhone = text({ trim: true, max: BUSINESS_PHONE_MAX, maxMessage: m.phone })
  .refine((value) => value === '' || isPhone(value), m.phone)
  .default('');

/** The latest year a business may have been founded in: this one. */
export const currentYear = () => new Date().getUTCFullYear();

/** The message names this year when it is read, not when the server started. */
const foundedYearMessage = () => m.foundedYear(currentYear());

export const foundedYearField = z
  .number({ error: foundedYearMessage })
  .int({ error: foundedYearMessage })
  .min(FOUNDED_YEAR_MIN, { error: foundedYearMessage })
  .refine((year) => year <= currentYear(), { error: foundedYearMessage })
  .nullable()
  .default(null);

/** The same rule for a form field: empty is "not set", otherwise the digits of a year. */
export const foundedYearText = text({ trim: true, max: 10 })
  .refine(
    (value) =>
      value === '' ||
      (/^\d{4}$/.test(value) &&
        Number(value) >= FOUNDED_YEAR_MIN &&
        Number(value) <= currentYear()),
    { error: foundedYearMessage },
  )
  .transform((value) => (value === '' ? null : Number(value)));

/** One of an enumeration, or '' for "not set". */
export const optionalChoice = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  z
    .union([z.enum(values), z.literal('')], { error: message })
    .default('')
    .transform((value) => value as T[number] | '');

/** A list of short labels: trimmed, none blank, repeats dropped, at most `count`. */
export const labelList = (
  count: number,
  item = text({ trim: true, max: BUSINESS_LIST_ITEM_MAX }),
) =>
  z
    .array(item.refine((value) => value !== '', m.blankEntry))
    .max(count, m.tooMany(count))
    .transform((all) => [...new Set(all)])
    .default([]);
