import type { SignedInSession } from './auth/schemas';
import type { Comment, HomeFeedPage, Post } from './posts/schemas';
import type { Conversation } from './social/messaging';

/**
 * The member pages whose first screen the server draws: the home feed, the conversation list,
 * and a post with its comments (docs/performance.md, "A member's home drawn by the server" and
 * "The conversation list and a post page drawn by the server").
 */
export type FirstScreenPage =
  { name: 'home' } | { name: 'messages' } | { name: 'post'; postId: string };

const POST_PATH = /^\/post\/([^/]+)$/;

/**
 * The page drawn for `path`, or null for one the app alone draws. A link that asks the page to
 * do something first (open a conversation, start one) is left to the app as well.
 */
export function firstScreenPageOf(path: string, search: URLSearchParams): FirstScreenPage | null {
  if (path === '/' || path === '/home') return { name: 'home' };
  if (path === '/messages') return search.size === 0 ? { name: 'messages' } : null;
  const post = POST_PATH.exec(path);
  if (!post) return null;
  try {
    return { name: 'post', postId: decodeURIComponent(post[1]!) };
  } catch {
    return null;
  }
}

/**
 * The most rows (comments, conversations) a drawn page holds. The server renders synchronously,
 * about half a millisecond a row here: a post with 1,000 comments would hold every other request
 * up for half a second and weigh 4 MB. Past it the page is drawn without those rows (null), and
 * the app asks for them as on any page, its loading state drawn meanwhile.
 */
export const FIRST_SCREEN_MOST_ROWS = 50;

/** What a drawn page shows, read as the API would answer it. */
export type FirstScreenContent =
  | { page: 'home'; feed: HomeFeedPage }
  | { page: 'messages'; conversations: Conversation[] | null }
  | { page: 'post'; post: Post; comments: Comment[] | null };

/** `rows`, or null when there are more than a drawn page holds. */
export function drawnRows<T>(rows: T[]): T[] | null {
  return rows.length > FIRST_SCREEN_MOST_ROWS ? null : rows;
}

/** The page carries the same values to the app, which starts from them instead of asking again. */
export type FirstScreenData = { session: SignedInSession } & FirstScreenContent;

/** The element that carries `FirstScreenData` to the app, as JSON. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Where in the member page's template the drawn markup and its data go. */
export const FIRST_SCREEN_SLOT = '<!--first-screen-->';

/**
 * Built with the web app (`scripts/first-screen-plugin.ts`), next to it: the page's template
 * (under the web root) and the module that draws it (beside the web root, never served).
 */
export const FIRST_SCREEN_TEMPLATE = 'prerendered/member-page.html';
export const FIRST_SCREEN_MODULE = '../first-screen/first-screen.js';

/** What the built module exports. */
export interface FirstScreenRenderer {
  /**
   * The markup of `path`'s first screen, its controls disabled until the app replaces it, for a
   * request with `cookie` (the side panel's state is kept in one).
   */
  renderFirstScreen(path: string, data: FirstScreenData, cookie: string): Promise<string>;
}

/**
 * Drawn markup with its form controls disabled: what is typed or chosen before the app replaces
 * the markup on its first commit would be lost, so none takes input until then (and tests, like
 * people, wait for the live ones). Links work as plain links.
 */
export function waitingForApp(markup: string): string {
  return markup.replace(/<(input|button|select|textarea)\b/g, '<$1 disabled=""');
}

/** JSON for an HTML data block: nothing in it can close the element or start a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
