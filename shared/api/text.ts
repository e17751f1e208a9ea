import { z } from 'zod';

/**
 * The one rule every string a client sends goes through. Postgres stores neither NUL in text nor
 * `\u0000` in jsonb, and a lone UTF-16 surrogate is not Unicode at all: the driver would write it
 * to a text column as U+FFFD and jsonb refuses its escape. Refusing both here answers a clear
 * 400 at the schema boundary instead of a failed write.
 */
export const textMessages = {
  nul: 'Text must not contain NUL characters',
  loneSurrogate: 'Text must not contain unpaired UTF-16 surrogates',
  blank: 'This cannot be blank',
  unsafeJson: 'Values must not contain NUL characters or unpaired UTF-16 surrogates',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be stored as text, or null when it can. */
export function unsafeTextIssue(value: string): string | null {
  if (value.includes('\0')) return textMessages.nul;
  if (LONE_SURROGATE.test(value)) return textMessages.loneSurrogate;
  return null;
}

/**
 * Whitespace and characters that draw nothing: zero-width spaces and joiners, the byte order
 * mark, fillers such as U+3164, and the blank braille pattern that renders as a space.
 */
const BLANK = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Text a reader would see as empty counts as empty, however many code points it holds. */
export function isBlank(value: string): boolean {
  return BLANK.test(value);
}

export interface TextRule {
  /** The message when the value is missing or not a string (zod's own otherwise). */
  error?: string;
  /** The longest text accepted, in UTF-16 code units as the spec counts them. */
  max: number;
  maxMessage?: string;
  /** Surrounding whitespace is removed before the other checks; the handler gets it removed. */
  trim?: boolean;
  /** Refuses blank text (see `isBlank`) with this message. */
  required?: string;
}

/**
 * A string of a request: NUL and lone surrogates refused, optionally trimmed, blank refused when
 * `required`, bounded by `max`. It is a `ZodString`, so a schema chains its own checks after it.
 */
export function text(rule: TextRule): z.ZodString {
  // One `check` call with the whole list instead of one chained call per check: each chained
  // call builds a new schema, and the app builds every request schema of the page it loads
  // before it is interactive (docs/performance.md, "Fast on a phone"). The checks, and their
  // order, are what the chained calls would have added.
  const checks: z.core.$ZodCheck<string>[] = [
    z.refine((value: string) => !value.includes('\0'), { message: textMessages.nul, abort: true }),
    z.refine((value: string) => !LONE_SURROGATE.test(value), {
      message: textMessages.loneSurrogate,
      abort: true,
    }),
  ];
  if (rule.trim) checks.push(z.trim());
  if (rule.required !== undefined) {
    checks.push(
      z.refine((value: string) => !isBlank(value), { message: rule.required, abort: true }),
    );
  }
  // Over the limit, the checks a schema chains after this one do not run: they are written for
  // text of a sensible size, and one of them on 100k characters could hold the server up.
  checks.push(z.maxLength(rule.max, { message: rule.maxMessage, abort: true }));
  return z.string(rule.error === undefined ? undefined : { error: rule.error }).check(...checks);
}

/**
 * Whether any string in a JSON value, key or value, at any depth, cannot be stored (it would be
 * written to jsonb). Walked with a stack of its own: the depth of a request body is bounded by
 * the HTTP layer, but this must not be what overflows when it is not.
 */
export function hasUnsafeText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (unsafeTextIssue(item) !== null) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (unsafeTextIssue(key) !== null) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
