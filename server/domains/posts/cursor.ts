import { postsMessages } from '../../../shared/posts';
import { invalid } from '../../core/errors';

/** A keyset position: the sort time and the id that breaks ties, opaque to clients. */
export interface Keyset {
  at: string;
  id: string;
}

export const encodeCursor = (at: Date, id: string) =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function decodeCursor(cursor: string): Keyset {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    !at ||
    !id ||
    Number.isNaN(Date.parse(at)) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
  ) {
    throw invalid('bad-cursor', postsMessages.badCursor);
  }
  return { at: new Date(at).toISOString(), id };
}
