import { communityContentMessages } from '../../../shared/community-content';
import { invalid } from '../../core/errors';

/**
 * A keyset position in a hub list: the flag that sorts first (sticky, pinned; false in a thread),
 * the sort time and the id that breaks ties, opaque to clients.
 */
export interface ContentKeyset {
  flag: boolean;
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeContentCursor = (flag: boolean, at: Date, id: string) =>
  Buffer.from(`${flag ? 1 : 0}|${at.toISOString()}|${id}`).toString('base64url');

export function decodeContentCursor(cursor: string): ContentKeyset {
  const [flag, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    (flag !== '0' && flag !== '1') ||
    !at ||
    !id ||
    Number.isNaN(Date.parse(at)) ||
    !UUID.test(id)
  ) {
    throw invalid('bad-cursor', communityContentMessages.badCursor);
  }
  return { flag: flag === '1', at: new Date(at).toISOString(), id };
}
