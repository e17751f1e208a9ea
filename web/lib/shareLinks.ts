/** Share texts carry the first 100 characters of the post (001 §7, §9). */
export const SHARE_TEXT_MAX = 100;
/** Share links open in a popup of this size (001 §7, §9). */
export const SHARE_POPUP = { width: 600, height: 400 } as const;

export function postPath(postId: string): string {
  return `/post/${encodeURIComponent(postId)}`;
}

/** The address a share points at: the post's page on this site. */
export function postShareUrl(origin: string, postId: string): string {
  return `${origin}${postPath(postId)}`;
}

/**
 * The first 100 characters of the post's content, or of its title when it has no content.
 * Counted in code points, so an emoji at the boundary is kept whole or left out, never halved.
 */
export function shareText(post: { content: string; title: string }): string {
  const source = post.content.trim() || post.title.trim();
  return Array.from(source).slice(0, SHARE_TEXT_MAX).join('');
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function xShareUrl(text: string, url: string): string {
  const params = new URLSearchParams({ text, url });
  return `https://x.com/intent/tweet?${params.toString()}`;
}

export interface WindowFrame {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for the 600x400 popup, centred over the current window. */
export function sharePopupFeatures(frame: WindowFrame): string {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(frame.screenX + (frame.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(frame.screenY + (frame.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`;
}
