import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';

/**
 * What every browser context of the suite starts from. Playwright applies the config's `use` only
 * to its own `page` and `context` fixtures; a context a test opens itself comes from
 * `newTestContext`, so that both start alike.
 * - Reduced motion: a dialog zooms in over 200 ms. Twice on the busy CI machine the first click on
 *   a dialog's submit button, just after it opened, did nothing (the quote's and the event's
 *   checks never showed), most likely pressed on one spot of the moving dialog and released on
 *   another, which is no click. The app's reduced-motion rule cuts every animation to 1 ms; axe,
 *   too, then measures colours as they settle rather than halfway through a fade.
 * - Agora's service worker blocked: requests it answers (the build's files) escape `page.route`,
 *   and tests that hold or fake one would race it. webpush.spec.ts allows it where it is tested.
 */
export const CONTEXT_DEFAULTS = {
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
} satisfies BrowserContextOptions;

export function newTestContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...CONTEXT_DEFAULTS, ...options });
}
