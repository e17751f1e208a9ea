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

/** Remembers this browser's clock in a cookie, for the next page the server draws for it. */
export function rememberClock(): void {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const value = encodeURIComponent(JSON.stringify({ locale, timeZone }));
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
