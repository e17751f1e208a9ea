import { z } from 'zod';
import { idField } from '../api/ids';
import { text } from '../api/text';
import {
  BUSINESS_DESCRIPTION_MAX,
  BUSINESS_NAME_MAX,
  BUSINESS_SHORT_TEXT_MAX,
  BUSINESS_ZIP_MAX,
  COMPANY_SIZES,
  ORGANIZATION_INDUSTRIES,
} from '../business/constants';
import {
  foundedYearText,
  optionalChoice,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalUrl,
} from '../business/fields';
import { businessFieldMessages as fm } from '../business/messages';
import { organizationMessages as m } from '../communities/messages';

/** The text fields of `POST /api/organizations` (`001` §3, §7): a field left out is not set. */
export const organizationFormSchema = z.strictObject({
  name: text({
    trim: true,
    required: m.nameRequired,
    max: BUSINESS_NAME_MAX,
    error: m.nameRequired,
  }),
  description: optionalText(BUSINESS_DESCRIPTION_MAX),
  website: optionalUrl,
  email: optionalEmail,
  phone: optionalPhone,
  address: optionalText(BUSINESS_SHORT_TEXT_MAX),
  city: optionalText(BUSINESS_SHORT_TEXT_MAX),
  state: optionalText(BUSINESS_SHORT_TEXT_MAX),
  zipCode: optionalText(BUSINESS_ZIP_MAX),
  country: optionalText(BUSINESS_SHORT_TEXT_MAX),
  industry: optionalChoice(ORGANIZATION_INDUSTRIES, fm.industry),
  size: optionalChoice(COMPANY_SIZES, fm.size),
  foundedYear: foundedYearText.default(null),
});
export type OrganizationFormInput = z.input<typeof organizationFormSchema>;
export type OrganizationForm = z.output<typeof organizationFormSchema>;

/** The form's text fields, in the order the page lays them out. */
export const ORGANIZATION_FORM_FIELDS = [
  'name',
  'description',
  'industry',
  'size',
  'foundedYear',
  'website',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
] as const;
export type OrganizationFormField = (typeof ORGANIZATION_FORM_FIELDS)[number];
/** The image fields of the form: one image each, cropped to 256x256 and 1200x400. */
export const ORGANIZATION_IMAGE_FIELDS = ['logo', 'banner'] as const;

export const organizationSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  industry: z.union([z.enum(ORGANIZATION_INDUSTRIES), z.literal('')]),
  size: z.union([z.enum(COMPANY_SIZES), z.literal('')]),
  foundedYear: z.number().int().nullable(),
  /** URLs of the stored 256x256 and 1200x400 images, '' for none. */
  logo: z.string(),
  banner: z.string(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.object({ organizations: z.array(organizationSchema) });
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const organizationParamsSchema = z.object({ id: idField('Organization not found') });

export const organizationNotFound = 'Organization not found';
