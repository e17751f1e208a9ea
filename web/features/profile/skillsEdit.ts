import {
  CERTIFICATIONS_MAX,
  INTERESTS_MAX,
  LANGUAGES_MAX,
  profileFieldsSchema,
  SKILLS_MAX,
  type EducationEntry,
  type ExperienceEntry,
  type Profile,
  type ProfileEdit,
  type ProfileFields,
} from '../../../shared/profiles';
import { fieldErrorsFromZod, type FieldErrors } from '../../lib/formErrors';

/** The label lists of the skills page, in the order it shows them. */
export const LABEL_LISTS = [
  { field: 'skills', title: 'Skills', max: SKILLS_MAX, placeholder: 'Add a skill' },
  { field: 'interests', title: 'Interests', max: INTERESTS_MAX, placeholder: 'Add an interest' },
  { field: 'languages', title: 'Languages', max: LANGUAGES_MAX, placeholder: 'Add a language' },
  {
    field: 'certifications',
    title: 'Certifications',
    max: CERTIFICATIONS_MAX,
    placeholder: 'Add a certification',
  },
] as const;
export type LabelField = (typeof LABEL_LISTS)[number]['field'];

export interface SkillsDraft extends Record<LabelField, readonly string[]> {
  experience: readonly ExperienceEntry[];
  education: readonly EducationEntry[];
}
export type SkillsField = keyof SkillsDraft;
const FIELDS: readonly SkillsField[] = [
  ...LABEL_LISTS.map(({ field }) => field),
  'experience',
  'education',
];

export function skillsDraftOf(profile: Profile): SkillsDraft {
  return {
    skills: profile.skills,
    interests: profile.interests,
    languages: profile.languages,
    certifications: profile.certifications,
    experience: profile.experience,
    education: profile.education,
  };
}

export function newExperience(id: string): ExperienceEntry {
  return { id, title: '', company: '', duration: '', description: '' };
}

export function newEducation(id: string): EducationEntry {
  return { id, degree: '', institution: '', year: '', description: '' };
}

/** Replaces one entry of a list by id, leaving the others as they are. */
export function withEntry<E extends { id: string }>(entries: readonly E[], entry: E): E[] {
  return entries.map((each) => (each.id === entry.id ? entry : each));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type SkillsCheck =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: FieldErrors<SkillsField> }
  | { kind: 'ready'; edit: ProfileEdit };

/** Only the lists that changed, checked by the server's own schema. */
export function checkSkillsEdit(profile: Profile, draft: SkillsDraft): SkillsCheck {
  const before = skillsDraftOf(profile);
  const changes: Partial<Record<SkillsField, unknown>> = {};
  for (const field of FIELDS) {
    if (!same(draft[field], before[field])) changes[field] = draft[field];
  }
  if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
  const parsed = profileFieldsSchema.partial().safeParse(changes);
  if (!parsed.success) return { kind: 'invalid', errors: fieldErrorsFromZod(parsed.error, FIELDS) };
  const edit: Partial<ProfileFields> = parsed.data;
  return { kind: 'ready', edit };
}
