import { postsMessages } from '../../../shared/posts';
import { invalid } from '../../core/errors';

/** A keyset position: the sort time and the id that breaks ties, opaque to clients. */
export interface Keyset {
  at: string;
  id: string;
}

const badCursor = () => invalid('bad-cursor', postsMessages.badCursor);

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
    throw badCursor();
  }
  return { at: new Date(at).toISOString(), id };
}

/** A feed position: the feed order of the last post handed out (feed-order.ts). */
export const encodeFeedCursor = (feedSeq: number) =>
  Buffer.from(`feed|${feedSeq}`).toString('base64url');

export function decodeFeedCursor(cursor: string): number {
  const match = /^feed\|([1-9][0-9]{0,15})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  const feedSeq = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(feedSeq)) throw badCursor();
  return feedSeq;
}
