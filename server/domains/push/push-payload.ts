import type { Notification } from '../../../shared/social/notifications';
import type { PushPayload } from '../../../shared/push';

/**
 * Bounds that keep the encrypted payload under the 4 KB push services accept, however wide the
 * characters: 120 + 500 code points of up to 4 bytes, a path of 1,000, and the JSON around them.
 */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 500;
const URL_MAX = 1000;
/** Where a push leads when its notification's link is not a path of this site. */
export const PUSH_FALLBACK_URL = '/notifications';

function clip(text: string, max: number): string {
  const points = [...text];
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** A path of this site: a push must never send a click elsewhere. */
function sitePath(url: string): string {
  const local = url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
  return local && url.length <= URL_MAX ? url : PUSH_FALLBACK_URL;
}

/** What a push of a notification carries: its text as the in-app list words it, and its link. */
export function pushPayload(notification: Pick<Notification, 'title' | 'content' | 'actionUrl'>) {
  const payload: PushPayload = {
    title: clip(notification.title, PUSH_TITLE_MAX),
    body: clip(notification.content, PUSH_BODY_MAX),
    url: sitePath(notification.actionUrl),
  };
  return payload;
}
