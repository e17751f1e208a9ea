import { searchMessages, type SearchType } from '../../../shared/search';
import { invalid } from '../../core/errors';

/** What each value of a cursor must be, checked before it reaches a statement. */
const KINDS = {
  text: (v: unknown) => typeof v === 'string' && v.length <= 200,
  uuid: (v: unknown) =>
    typeof v === 'string' &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
  time: (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  position: (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0,
} as const;
type Kind = keyof typeof KINDS;
type ValueOf<K extends Kind> = K extends 'position' ? number : string;

/**
 * A results tab's position, opaque to clients: the tab it belongs to and the sort values of the
 * last hit handed out, as JSON in base64url. A cursor of another tab, or one not made here,
 * answers 400 instead of a wrong page.
 */
export const encodeSearchCursor = (type: SearchType, values: readonly (string | number)[]) =>
  Buffer.from(JSON.stringify([type, ...values])).toString('base64url');

const badCursor = () =>
  invalid('bad-cursor', searchMessages.badCursor, { cursor: searchMessages.badCursor });

export function decodeSearchCursor<const K extends readonly Kind[]>(
  type: SearchType,
  cursor: string,
  kinds: K,
): { [I in keyof K]: ValueOf<K[I]> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== type || parsed.length !== kinds.length + 1) {
    throw badCursor();
  }
  const values = parsed.slice(1) as unknown[];
  if (!values.every((value, i) => KINDS[kinds[i]!](value))) throw badCursor();
  return values as { [I in keyof K]: ValueOf<K[I]> };
}
