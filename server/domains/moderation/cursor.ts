import { invalid } from '../../core/errors';

/** A keyset position of the queue or the audit list: the sort time and the id breaking ties. */
export interface Keyset {
  at: string;
  id: string;
}

const badCursor = () => invalid('bad-cursor', 'Invalid cursor');

export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

/** Ids are uuids (queue) or `<stream>@<version>` (audit): letters, digits, `-` and `@`. */
export function decodeCursor(cursor: string): Keyset {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    !at ||
    !id ||
    Number.isNaN(Date.parse(at)) ||
    !/^[0-9a-z@-]{1,120}$/.test(id)
  ) {
    throw badCursor();
  }
  return { at: new Date(at).toISOString(), id };
}
