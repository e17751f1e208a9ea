import type { CommunityCategory, CommunityPrivacy } from '../../../shared/communities/constants';

/** The create form as the member fills it (`001` §3 Community). */
export interface CommunityDraft {
  name: string;
  description: string;
  category: CommunityCategory;
  privacy: CommunityPrivacy;
  website: string;
  email: string;
  location: string;
  tags: string[];
  rules: string;
  welcomeMessage: string;
  avatar: File | null;
  banner: File | null;
}

export const EMPTY_DRAFT: CommunityDraft = {
  name: '',
  description: '',
  category: 'technology',
  privacy: 'public',
  website: '',
  email: '',
  location: '',
  tags: [],
  rules: '',
  welcomeMessage: '',
  avatar: null,
  banner: null,
};

const TEXT_FIELDS = [
  'name',
  'description',
  'category',
  'privacy',
  'website',
  'email',
  'location',
  'rules',
  'welcomeMessage',
] as const;

export type DraftField = (typeof TEXT_FIELDS)[number] | 'tags' | 'avatar' | 'banner';

/**
 * The multipart entries of `POST /api/communities` (`001` §7): text fields trimmed, tags as a JSON
 * string, the images as files; a field with no value is left out, so the server reads it as null.
 * The name always goes, so a blank one is answered with its own message.
 */
export function draftEntries(draft: CommunityDraft): [string, string | File][] {
  const entries: [string, string | File][] = [];
  for (const field of TEXT_FIELDS) {
    const value = draft[field].trim();
    if (value !== '' || field === 'name') entries.push([field, value]);
  }
  if (draft.tags.length > 0) entries.push(['tags', JSON.stringify(draft.tags)]);
  if (draft.avatar) entries.push(['avatar', draft.avatar]);
  if (draft.banner) entries.push(['banner', draft.banner]);
  return entries;
}

export function draftFormData(draft: CommunityDraft): FormData {
  const form = new FormData();
  for (const [name, value] of draftEntries(draft)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, value.name);
  }
  return form;
}

/** The server's field errors by form field; `tags.3` (one tag) reads as the tags' error. */
export function draftFieldErrors(
  fields: Record<string, string> | undefined,
): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const field = key.split('.')[0] as DraftField;
    errors[field] ??= message;
  }
  return errors;
}
