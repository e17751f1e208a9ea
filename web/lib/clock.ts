import { createContext, useContext } from 'react';
import { cookieValue } from './cookies';

/** How a member reads times: their browser's locale and time zone (its own when unset). */
export interface Clock {
  locale?: string;
  timeZone?: string;
}

/**
 * The cookie that tells the server a member's clock, so that a page it draws shows the times the
 * app will show when it takes the page over, not the server's (UTC, en-US).
 */
export const CLOCK_COOKIE = 'agora_clock';

/**
 * The clock dates are formatted for: empty in a browser, which formats for its own; on the
 * server, the one the member's browser last sent (`web/app/first-screen.tsx`).
 */
export const ClockContext = createContext<Clock>({});

export function useClock(): Clock {
  return useContext(ClockContext);
}

/**
 * What changes when a browser's clock does, read without Intl: its language and its zone's
 * offset now. The first call into Intl loads its data, 40–80 ms on this machine and four times
 * that on the phone Lighthouse simulates (docs/performance.md, "The member's clock without
 * Intl"), and most pages format no date with it; a page that starts on the same hint as the
 * cookie's leaves the cookie as it is. A move to a zone with the same offset today is missed
 * until the offsets part (at the next change to or from summer time): only a drawn page's
 * first paint uses the cookie, and the app formats on the browser's own clock.
 */
function clockHint(): string {
  return `${navigator.language}|${new Date().getTimezoneOffset()}`;
}

/**
 * The clock cookie's new value for a browser whose hint is `hint`, or null when the cookie in
 * `cookie` was written for the same hint. `resolve` (Intl) is asked only when it is needed.
 */
export function clockCookieToWrite(
  cookie: string,
  hint: string,
  resolve: () => Clock,
): string | null {
  const held = cookieValue(cookie, CLOCK_COOKIE);
  if (held) {
    try {
      if ((JSON.parse(decodeURIComponent(held)) as { hint?: unknown }).hint === hint) return null;
    } catch {
      // A malformed cookie is written again.
    }
  }
  const { locale, timeZone } = resolve();
  return encodeURIComponent(JSON.stringify({ locale, timeZone, hint }));
}

/** Remembers this browser's clock in a cookie, for the next page the server draws for it. */
export function rememberClock(): void {
  const value = clockCookieToWrite(document.cookie, clockHint(), () =>
    Intl.DateTimeFormat().resolvedOptions(),
  );
  if (value === null) return;
  document.cookie = `${CLOCK_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}

/** The clock a request's `Cookie` header names, when Intl knows its locale and zone; else none. */
export function clockFromCookie(cookie: string): Clock {
  const value = cookieValue(cookie, CLOCK_COOKIE);
  if (!value) return {};
  try {
    const { locale, timeZone } = JSON.parse(decodeURIComponent(value)) as Record<string, unknown>;
    if (typeof locale !== 'string' || typeof timeZone !== 'string') return {};
    // Throws a RangeError for a malformed locale or an unknown time zone.
    const known = new Intl.DateTimeFormat(locale, { timeZone }).resolvedOptions();
    return { locale: known.locale, timeZone: known.timeZone };
  } catch {
    return {};
  }
}
