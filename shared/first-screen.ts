import type { SignedInSession } from './auth/schemas';
import type { HomeFeedPage } from './posts/schemas';

/**
 * A member's home drawn by the server before any script (docs/performance.md, "A member's home
 * drawn by the server"): what it shows, read as the API would answer it. The page carries the
 * same values to the app, which starts from them instead of asking again.
 */
export interface FirstScreenData {
  session: SignedInSession;
  feed: HomeFeedPage;
}

/** The paths whose first screen the server draws for a member: both show the home feed. */
export const FIRST_SCREEN_PATHS: ReadonlySet<string> = new Set(['/', '/home']);

/** The element that carries `FirstScreenData` to the app, as JSON. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** Where in the member page's template the drawn markup and its data go. */
export const FIRST_SCREEN_SLOT = '<!--first-screen-->';

/**
 * Built with the web app (`scripts/first-screen-plugin.ts`), next to it: the page's template
 * (under the web root) and the module that draws it (beside the web root, never served).
 */
export const FIRST_SCREEN_TEMPLATE = 'prerendered/member-home.html';
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
