import { jest } from '@jest/globals';

/**
 * A sign-in for an unknown address must cost what one for a known address costs, or the time an
 * answer takes tells who has an account. argon2 is replaced by a spy, so the test counts the
 * verifications each path does instead of timing them.
 */
const verify = jest.fn(async (_hash: string, _password: string) => false);
const hash = jest.fn(async (password: string, _options?: object) => `hash-of-${password}`);
jest.unstable_mockModule('@node-rs/argon2', () => ({ hash, verify }));

const { signIn } = await import('../../server/domains/auth/commands');
const { hashPassword } = await import('../../server/domains/auth/passwords');
const { ANA, decide } = await import('./support/decide');

const when = { email: 'ana@example.com', password: 'Guess1234', client: '203.0.113.7' };

const ana = {
  id: ANA,
  username: 'ana',
  email: 'ana@example.com',
  password_hash: 'hash-of-ana',
  role: 'member' as const,
  status: 'active' as const,
  display_name: 'ana',
  avatar: null,
  email_verified: true,
  privacy: 'public' as const,
  created_at: new Date('2026-01-01T00:00:00.000Z'),
  updated_at: new Date('2026-01-01T00:00:00.000Z'),
};

beforeEach(() => {
  verify.mockClear();
});

it("verifies a known address's password once", async () => {
  const decision = await decide(
    signIn,
    { throttle: undefined, user: ana, twoFactor: false, suspension: null },
    when,
  );
  expect(decision.refusedAfterCommit?.code).toBe('wrong-password');
  expect(verify.mock.calls).toEqual([['hash-of-ana', 'Guess1234']]);
});

it("verifies an unknown address's password once too, against a hash made like a member's", async () => {
  const decision = await decide(
    signIn,
    { throttle: undefined, user: undefined, twoFactor: false, suspension: null },
    when,
  );
  expect(decision.refusedAfterCommit?.code).toBe('user-not-found');
  expect(verify).toHaveBeenCalledTimes(1);
  const [dummyHash, password] = verify.mock.calls[0]!;
  expect(password).toBe('Guess1234');

  // The dummy was hashed with the options every member's password is hashed with.
  const dummyCall = hash.mock.calls.find(([secret]) => dummyHash === `hash-of-${secret}`);
  expect(dummyCall).toBeDefined();
  hash.mockClear();
  await hashPassword('Secret123');
  expect(dummyCall![1]).toEqual(hash.mock.calls[0]![1]);
});
