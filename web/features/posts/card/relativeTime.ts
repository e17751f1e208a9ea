import type { Post } from '../../../../shared/posts';
import { relativeTime } from '../../../lib/relativeTime';

export interface PostTime {
  /** The instant shown, for `<time dateTime>`. */
  iso: string;
  /** 'Just now', 'n hours ago', 'n days ago', then the date (000 §9). */
  text: string;
}

/**
 * When a card says the post appeared: its publication, or its creation for a draft the author
 * sees. The wording is the spec's relative time, shared with the friends' cards.
 */
export function postTime(
  post: Pick<Post, 'publishedAt' | 'createdAt'>,
  now: number,
  timeZone?: string,
): PostTime {
  const iso = post.publishedAt ?? post.createdAt;
  return { iso, text: relativeTime(iso, now, timeZone) };
}
