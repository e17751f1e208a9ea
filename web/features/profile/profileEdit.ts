import {
  profileFieldsSchema,
  type ProfileEdit,
  type ProfileFields,
  type Profile,
} from '../../../shared/profiles';
import { fieldErrorsFromZod, type FieldErrors } from '../../lib/formErrors';

/** The fields of the header's Edit dialog; the skills page edits the rest. */
export const EDITOR_TEXT_FIELDS = [
  'displayName',
  'bio',
  'jobTitle',
  'company',
  'location',
  'phone',
  'website',
] as const;
export type EditorTextField = (typeof EDITOR_TEXT_FIELDS)[number];

export interface ProfileDraft extends Record<EditorTextField, string> {
  /** `yyyy-mm-dd` as a date input gives it, or '' for none. */
  birthDate: string;
  skills: readonly string[];
  interests: readonly string[];
}

export type DraftField = keyof ProfileDraft;
const DRAFT_FIELDS: readonly DraftField[] = [
  ...EDITOR_TEXT_FIELDS,
  'birthDate',
  'skills',
  'interests',
];

/** The dialog's starting values: the owner's own answer carries every field; null reads as empty. */
export function draftOf(profile: Profile): ProfileDraft {
  return {
    displayName: profile.displayName,
    bio: profile.bio,
    jobTitle: profile.jobTitle,
    company: profile.company,
    location: profile.location ?? '',
    phone: profile.phone ?? '',
    website: profile.website,
    birthDate: profile.birthDate ?? '',
    skills: profile.skills,
    interests: profile.interests,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Only the fields that changed, so an untouched field records nothing on the server. */
export function changesOf(profile: Profile, draft: ProfileDraft): Partial<ProfileFields> {
  const before = draftOf(profile);
  const changes: Partial<ProfileFields> = {};
  for (const field of EDITOR_TEXT_FIELDS) {
    if (draft[field] !== before[field]) changes[field] = draft[field];
  }
  if (draft.birthDate !== before.birthDate) changes.birthDate = draft.birthDate || null;
  if (!sameList(draft.skills, before.skills)) changes.skills = [...draft.skills];
  if (!sameList(draft.interests, before.interests)) changes.interests = [...draft.interests];
  return changes;
}

export type EditCheck =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; errors: FieldErrors<DraftField> }
  | { kind: 'ready'; edit: ProfileEdit };

/** What Save sends, checked by the server's own schema so both sides refuse with the same text. */
export function checkEdit(profile: Profile, draft: ProfileDraft): EditCheck {
  const changes = changesOf(profile, draft);
  if (Object.keys(changes).length === 0) return { kind: 'unchanged' };
  const parsed = profileFieldsSchema.partial().safeParse(changes);
  if (!parsed.success) {
    return { kind: 'invalid', errors: fieldErrorsFromZod(parsed.error, DRAFT_FIELDS) };
  }
  return { kind: 'ready', edit: parsed.data };
}
