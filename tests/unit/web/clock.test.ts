import { jest } from '@jest/globals';
import { CLOCK_COOKIE, clockCookieToWrite, clockFromCookie } from '../../../web/lib/clock';
import { relativeTime } from '../../../web/lib/relativeTime';
import {
  formatConversationTime,
  formatMessageTime,
} from '../../../web/features/messaging/messageFormat';

const cookieOf = (value: unknown) =>
  `agora_session=abc; ${CLOCK_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;

describe("a member's clock, for the pages the server draws", () => {
  it('is read from the cookie the browser wrote, when Intl knows its locale and zone', () => {
    expect(clockFromCookie(cookieOf({ locale: 'de-DE', timeZone: 'Europe/Berlin' }))).toEqual({
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
    });
  });

  it('is none for no cookie, a malformed one, an unknown zone or a bad locale', () => {
    expect(clockFromCookie('agora_session=abc')).toEqual({});
    expect(clockFromCookie(`${CLOCK_COOKIE}=%7Bnot-json`)).toEqual({});
    expect(clockFromCookie(cookieOf({ locale: 'en-US', timeZone: 'Mars/Olympus' }))).toEqual({});
    expect(clockFromCookie(cookieOf({ locale: '!!', timeZone: 'UTC' }))).toEqual({});
    expect(clockFromCookie(cookieOf({ locale: 1, timeZone: 'UTC' }))).toEqual({});
  });

  it("formats a message's time and a conversation's day on that clock", () => {
    const berlin = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
    const newYork = { locale: 'en-US', timeZone: 'America/New_York' };
    // 23:30 in Berlin on 3 December is 17:30 in New York, the same day there.
    const at = '2026-12-03T22:30:00Z';
    expect(formatMessageTime(at, berlin)).toBe('23:30');
    expect(formatMessageTime(at, newYork)).toBe('05:30 PM');
    // At 00:30 on 4 December in Berlin, the message is yesterday's there and today's in New York.
    const now = new Date('2026-12-03T23:30:00Z');
    expect(formatConversationTime(at, now, berlin)).toBe('3. Dez.');
    expect(formatConversationTime(at, now, newYork)).toBe('05:30 PM');
  });

  it("dates a week-old post on the member's calendar", () => {
    const at = '2026-11-20T23:30:00Z';
    const now = Date.parse('2026-12-03T12:00:00Z');
    expect(relativeTime(at, now, 'UTC')).toBe('Nov 20, 2026');
    expect(relativeTime(at, now, 'Asia/Tokyo')).toBe('Nov 21, 2026');
  });

  it("is written only when the browser's hint changed, without asking Intl otherwise", () => {
    const berlin = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
    const resolve = jest.fn(() => berlin);
    const first = clockCookieToWrite('agora_session=abc', 'de-DE|-60', resolve);
    expect(first).not.toBeNull();
    expect(resolve).toHaveBeenCalledTimes(1);
    const written = `agora_session=abc; ${CLOCK_COOKIE}=${first}`;
    // The server reads the same clock from it, the hint beside it ignored.
    expect(clockFromCookie(written)).toEqual(berlin);

    resolve.mockClear();
    expect(clockCookieToWrite(written, 'de-DE|-60', resolve)).toBeNull();
    expect(resolve).not.toHaveBeenCalled();

    // Summer time, another language, a cookie of before the hint, or a malformed one: asked again.
    for (const [cookie, hint] of [
      [written, 'de-DE|-120'],
      [written, 'en-US|-60'],
      [cookieOf(berlin), 'de-DE|-60'],
      [`${CLOCK_COOKIE}=%7Bnot-json`, 'de-DE|-60'],
    ] as const) {
      resolve.mockClear();
      expect(clockCookieToWrite(cookie, hint, resolve)).not.toBeNull();
      expect(resolve).toHaveBeenCalledTimes(1);
    }
  });
});
