import type { z } from 'zod';
import type { ApiError } from '../../shared/api/errors';
import { authErrorMessages } from '../../shared/auth/messages';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field, in the order the schema reported them. */
export function fieldErrorsFromZod<F extends string>(
  error: z.ZodError,
  fields: readonly F[],
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field)) {
      const key = field as F;
      result[key] ??= issue.message;
    }
  }
  return result;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `{ error }` body of a failed RTK Query request (`apiErrorSchema` in `shared/api/errors`),
 * or null for network and other failures. Checked by hand rather than with the schema: forms on
 * a first page show these, and zod is not loaded there.
 */
export function apiErrorOf(failure: unknown): ApiError | null {
  if (!isRecord(failure) || !isRecord(failure.data) || !isRecord(failure.data.error)) return null;
  const { code, message, fields } = failure.data.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isRecord(fields) || !Object.values(fields).every((text) => typeof text === 'string')) {
    return null;
  }
  return { code, message, fields: fields as Record<string, string> };
}

/** Codes that name one field even when the server leaves `fields` out. */
const fieldOfCode: Record<string, string> = {
  'user-not-found': 'email',
  'wrong-password': 'password',
  'invalid-email': 'email',
  'email-already-in-use': 'email',
  'username-already-in-use': 'username',
  'weak-password': 'password',
};

/**
 * The catalogue places these at their field only (spec 000 §8); every other error is "general"
 * and shows in the alert and a toast too, while still marking its field when it has one.
 */
const FIELD_ONLY_CODES = new Set(['user-not-found', 'wrong-password', 'validation']);

function knownMessage(code: string): string | undefined {
  return Object.hasOwn(authErrorMessages, code)
    ? authErrorMessages[code as keyof typeof authErrorMessages]
    : undefined;
}

export interface FormFailure<F extends string> {
  fields: FieldErrors<F>;
  /** Shown in the form's alert and as a toast; null when every problem sits at a field. */
  general: string | null;
}

/**
 * Splits a server failure into messages under the form's own fields and one general message.
 * A code outside the spec's catalogue (spec 000 §8) reads as the form's "other" fallback text.
 */
export function describeFailure<F extends string>(
  failure: unknown,
  formFields: readonly F[],
  fallback: string,
): FormFailure<F> {
  const error = apiErrorOf(failure);
  if (!error) return { fields: {}, general: fallback };
  const message = knownMessage(error.code) ?? fallback;
  const isFormField = (name: string): name is F => (formFields as readonly string[]).includes(name);
  const fields: FieldErrors<F> = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) {
    if (isFormField(name)) fields[name] = text;
  }
  const codeField = fieldOfCode[error.code];
  if (codeField && isFormField(codeField)) fields[codeField] ??= message;
  const fieldOnly = FIELD_ONLY_CODES.has(error.code) && Object.keys(fields).length > 0;
  return { fields, general: fieldOnly ? null : message };
}
