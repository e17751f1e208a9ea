import { postsMessages, type PostSort } from '../../../shared/posts';
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

/**
 * A position in a profile's posts list: its sort, for a sort by likes or comments the count the
 * last entry had, and that entry's time and post.
 */
export interface ProfileKeyset {
  sort: PostSort;
  count: number | null;
  at: string;
  id: string;
}

export const encodeProfileCursor = ({ sort, count, at, id }: ProfileKeyset) =>
  Buffer.from(`profile|${sort}|${count ?? ''}|${at}|${id}`).toString('base64url');

/** The position, if the cursor is one a list in `sort` gave; else a 400. */
export function decodeProfileCursor(cursor: string, sort: PostSort): ProfileKeyset {
  const match =
    /^profile\|([a-zA-Z]+)\|(0|[1-9][0-9]{0,9})?\|([^|]+)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    );
  const counted = sort === 'mostLiked' || sort === 'mostCommented';
  if (
    !match ||
    match[1] !== sort ||
    (match[2] !== undefined) !== counted ||
    Number.isNaN(Date.parse(match[3]!))
  ) {
    throw badCursor();
  }
  return {
    sort,
    count: match[2] === undefined ? null : Number(match[2]),
    at: new Date(match[3]!).toISOString(),
    id: match[4]!,
  };
}
