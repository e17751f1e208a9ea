import { sessionSummarySchema } from '../../../shared/auth/schemas';
import { parseSessionSummary } from '../../../web/features/auth/sessionSummary';

const member = {
  isAuthenticated: true,
  id: '0b6f1c1e-3a51-4a0e-9d7f-6a1f1d2b3c4d',
  email: 'ada@example.com',
  username: 'ada',
  displayName: 'Ada',
  avatar: null,
  emailVerified: true,
  providerId: 'password',
  lastActivity: '2026-12-03T10:00:00.000Z',
  sessionStart: '2026-12-03T09:00:00.000Z',
  rememberMe: false,
  role: 'member',
  onboardingComplete: true,
  passwordRotationRequired: false,
} as const;

describe("the session's answer", () => {
  it("is a visitor's, known without the schema: the value the schema gives", async () => {
    for (const raw of [{ isAuthenticated: false }, { isAuthenticated: false, extra: 1 }]) {
      await expect(parseSessionSummary(raw)).resolves.toEqual(sessionSummarySchema.parse(raw));
    }
  });

  it("is a member's as the schema parses it", async () => {
    await expect(parseSessionSummary({ ...member, extra: 1 })).resolves.toEqual(member);
  });

  it('is refused as the schema refuses it', async () => {
    for (const raw of [null, 'false', {}, { isAuthenticated: 'false' }, { ...member, id: 'x' }]) {
      await expect(parseSessionSummary(raw)).rejects.toThrow();
    }
  });
});
