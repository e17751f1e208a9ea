import fc from 'fast-check';
import { idField } from '../../shared/api/ids';
import { hasUnsafeText, isBlank, text, textMessages } from '../../shared/api/text';
import { validationMessages as m } from '../../shared/auth/messages';
import { signUpRequestSchema } from '../../shared/auth/schemas';
import { sendEmailSchema } from '../../shared/ops/email';
import { clientLogBatchSchema, logsQuerySchema } from '../../shared/ops/logs';
import { usersQuerySchema } from '../../shared/profiles';
import {
  friendPermissionsUpdateSchema,
  sendFriendRequestSchema,
  sendMessageSchema,
  socialMessages,
} from '../../shared/social';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const HIGH = '\uD83D';
const LOW = '\uDE00';
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u3164', '\u2800'];

describe('the shared string rule', () => {
  const rule = text({ max: 10 });

  it('refuses NUL anywhere with its own message', () => {
    for (const value of ['\0', 'a\0', '\0b', 'a\0b']) {
      expect(firstMessage(rule.safeParse(value))).toBe(textMessages.nul);
    }
  });

  it('refuses a lone surrogate, high or low, and keeps a pair', () => {
    for (const value of [
      HIGH,
      LOW,
      `a${HIGH}`,
      `${LOW}a`,
      `${LOW}${HIGH}`,
      `${HIGH}${HIGH}${LOW}`,
    ]) {
      expect(firstMessage(rule.safeParse(value))).toBe(textMessages.loneSurrogate);
    }
    expect(rule.parse(`${HIGH}${LOW}`)).toBe('😀');
  });

  it('accepts what is well formed and within the bound', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 5 }), (value) => {
        fc.pre(!value.includes('\0') && value.length <= 10);
        expect(rule.safeParse(value).success).toBe(true);
      }),
      { seed: 20261201 },
    );
  });

  it('refuses every string with a lone surrogate or NUL, whatever surrounds it', () => {
    const bad = fc.constantFrom('\0', HIGH, LOW);
    fc.assert(
      fc.property(fc.string(), bad, fc.string(), (before, middle, after) => {
        const value = `${before}${middle}${after}`;
        expect(text({ max: 1_000 }).safeParse(value).success).toBe(false);
        expect(hasUnsafeText({ [value]: 1 })).toBe(true);
        expect(hasUnsafeText([[{ note: value }]])).toBe(true);
      }),
      { seed: 20261201 },
    );
  });

  it('counts whitespace and invisible characters as blank', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n\u00A0\u3000')).toBe(true);
    for (const invisible of INVISIBLE) expect(isBlank(` ${invisible}${invisible} `)).toBe(true);
    expect(isBlank('\u200Ba\u200B')).toBe(false);
    expect(isBlank('😀')).toBe(false);
    const required = text({ trim: true, required: 'Say something', max: 10 });
    expect(firstMessage(required.safeParse('\u200B\u200B'))).toBe('Say something');
    expect(required.parse('  hi  ')).toBe('hi');
  });

  it('bounds the length', () => {
    expect(
      text({ max: 3, maxMessage: 'Too long' }).safeParse('abcd').error?.issues[0]?.message,
    ).toBe('Too long');
  });

  it('runs no check chained after it on text over the bound', () => {
    const seen: number[] = [];
    const chained = text({ max: 3, maxMessage: 'Too long' }).refine((value) => {
      seen.push(value.length);
      return true;
    });
    const issues = chained.safeParse('abcd').error?.issues.map((issue) => issue.message);
    expect([issues, seen]).toEqual([['Too long'], []]);
  });
});

describe('schemas built on the rule', () => {
  it('treats an invisible-only message as empty and an invisible-only note as none', () => {
    expect(firstMessage(sendMessageSchema.safeParse({ content: '\u200B\u2060\uFEFF' }))).toBe(
      socialMessages.messageRequired,
    );
    const request = sendFriendRequestSchema.parse({
      toUserId: '00000000-0000-4000-8000-000000000000',
      message: '\u200B \u200C',
    });
    expect(request.message).toBeUndefined();
  });

  it('refuses a permission named twice', () => {
    expect(
      firstMessage(friendPermissionsUpdateSchema.safeParse({ permissions: ['read', 'read'] })),
    ).toBe(socialMessages.permissionRepeated);
    expect(
      friendPermissionsUpdateSchema.safeParse({ permissions: ['read', 'write'] }).success,
    ).toBe(true);
  });

  it('refuses a sign-up with 100k characters of password as too long, and only that', () => {
    // The complexity pattern is a chain of lookaheads: on text this size it would take seconds.
    const password = 'x'.repeat(100_000);
    const result = signUpRequestSchema.safeParse({
      username: 'hello',
      email: 'a@example.com',
      password,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([m.passwordTooLong]);
  });

  it('refuses email addresses with quotes, angle brackets or a second address', () => {
    const addresses = [
      '"ana"@example.com',
      "'ana'@example.com",
      'ana<ben@example.com>',
      '<ana@example.com>',
      'ana,ben@example.com',
      'ana;ben@example.com',
      'ana(x)@example.com',
      'ana\\@example.com',
    ];
    for (const email of addresses) {
      const signUp = signUpRequestSchema.safeParse({
        username: 'ana',
        email,
        password: 'Secret123',
      });
      expect(firstMessage(signUp)).toBe(m.emailInvalid);
      expect(usersQuerySchema.safeParse({ email }).success).toBe(false);
      expect(
        sendEmailSchema.safeParse({ recipient: email, template: 'Password Reset' }).success,
      ).toBe(false);
    }
    expect(usersQuerySchema.safeParse({ email: 'ana.o-b+1@example.co.uk' }).success).toBe(true);
  });

  it('lowers ids, so one member has one spelling', () => {
    expect(idField().parse('AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA')).toBe(
      'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    );
    for (const id of [
      '{aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa}',
      'aaaaaaaaaaaa4aaa8aaaaaaaaaaaaaaa',
    ]) {
      expect(idField().safeParse(id).success).toBe(false);
    }
  });

  it('refuses a log cursor past the bigint column and log data holding NUL', () => {
    expect(logsQuerySchema.safeParse({ before: '9223372036854775807' }).success).toBe(true);
    expect(logsQuerySchema.safeParse({ before: '9223372036854775808' }).success).toBe(false);
    expect(logsQuerySchema.safeParse({ before: '99999999999999999999' }).success).toBe(false);
    const entry = { level: 'INFO', message: 'hello', data: { nested: ['ok', { 'k\0': 1 }] } };
    expect(firstMessage(clientLogBatchSchema.safeParse({ entries: [entry] }))).toBe(
      textMessages.unsafeJson,
    );
  });
});
