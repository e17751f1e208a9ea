import type { z } from 'zod';
import { HttpError } from './errors';

/** First message per field, keyed by the dotted path; what forms show under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export type ErrorCoder = (
  fields: Record<string, string>,
) => { code: string; message: string } | null;

/**
 * Parses untrusted input or throws a 400 carrying every field's message. `coder` lets a domain
 * name the error the spec asks for (e.g. `weak-password`) instead of the generic one.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  coder?: ErrorCoder,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const named = coder?.(fields);
  const message = named?.message ?? Object.values(fields)[0] ?? 'Invalid request';
  throw new HttpError(400, named?.code ?? 'validation', message, fields);
}
