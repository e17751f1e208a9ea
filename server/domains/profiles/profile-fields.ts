import type { ProfileEdit, ProfileFields } from '../../../shared/profiles';

/** The editable fields of a profile as they are now, in the shape an edit names them. */
export type CurrentFields = ProfileFields;

/** The profile columns each field is kept in (`displayName` lives on `users`). */
export const PROFILE_COLUMNS = {
  bio: 'bio',
  jobTitle: 'job_title',
  company: 'company',
  location: 'location',
  phone: 'phone',
  website: 'website',
  birthDate: 'birth_date',
  skills: 'skills',
  interests: 'interests',
  languages: 'languages',
  certifications: 'certifications',
  experience: 'experience',
  education: 'education',
  socialLinks: 'social_links',
} as const satisfies Record<Exclude<keyof ProfileFields, 'displayName'>, string>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Of an edit, only the fields whose value differs from the current one. */
export function changedFields(current: CurrentFields, edit: ProfileEdit): ProfileEdit {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit) as [keyof ProfileFields, unknown][]) {
    if (value !== undefined && !same(current[field], value)) changes[field] = value;
  }
  return changes as ProfileEdit;
}
