import { generate } from 'otplib';
import { passwordChangeMessages, twoFactorMessages } from '../../shared/auth/security-messages';
import {
  changePassword,
  requirePasswordRotation,
} from '../../server/domains/auth/password-commands';
import { hashPassword } from '../../server/domains/auth/passwords';
import { newTotpSecret, recoveryCodeHash } from '../../server/domains/auth/totp';
import { twoFactorCommands } from '../../server/domains/auth/two-factor-commands';
import type { OpenChallenge } from '../../server/domains/auth/two-factor-challenges';
import { ANA, BEN, by, decide, refusal, refusedAs } from './support/decide';

const CURRENT = 'Old-Secret-12';
const NEW = 'Fresh-Harbour-42';
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(CURRENT);
});

describe('changing the password', () => {
  const given = () => ({ user: { username: 'ana_lima', password_hash: passwordHash }, version: 4 });
  const when = (over: { currentPassword?: string; newPassword?: string } = {}) => ({
    userId: ANA,
    currentPassword: CURRENT,
    newPassword: NEW,
    ...over,
  });

  it('refuses a wrong current password under its field', async () => {
    expect(
      await refusal(changePassword, given(), when({ currentPassword: 'Nope-Nope-12' })),
    ).toEqual(
      refusedAs.invalid('wrong-password', passwordChangeMessages.wrongCurrent, {
        currentPassword: passwordChangeMessages.wrongCurrent,
      }),
    );
  });

  it.each(['short', 'Fresh-ANA_LIMA-42', 'Password123!'])(
    'refuses %s with the requirements text',
    async (newPassword) => {
      expect(await refusal(changePassword, given(), when({ newPassword }))).toMatchObject({
        code: 'password-requirements',
        message: passwordChangeMessages.requirementsNotMet,
      });
    },
  );

  it('refuses the current password as the new one', async () => {
    const same = await hashPassword(NEW);
    const refused = await refusal(
      changePassword,
      { ...given(), user: { username: 'ana_lima', password_hash: same } },
      when({ currentPassword: NEW }),
    );
    expect(refused).toMatchObject({
      code: 'same-password',
      message: passwordChangeMessages.sameAsCurrent,
    });
  });

  it('appends PasswordChanged at the version read and ends every session and challenge', async () => {
    const decision = await decide(changePassword, given(), when());
    expect(decision.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 4, types: ['PasswordChanged'] },
    ]);
    expect(decision.effects).toBe(2);
    const data = decision.events[0]!.data as { passwordHash: string };
    expect(data.passwordHash).not.toContain(NEW);
  });
});

describe('requiring a rotation', () => {
  it('appends once, and not again while one is due', async () => {
    const state = (due: boolean | null) => ({
      state: { id: BEN, rotation_required: due },
      version: 2,
    });
    const first = await decide(
      requirePasswordRotation,
      state(false),
      { actorId: ANA, userId: BEN },
      by(ANA),
    );
    expect(first.events).toEqual([
      { type: 'PasswordRotationRequired', data: { userId: BEN, byUserId: ANA } },
    ]);
    const again = await decide(
      requirePasswordRotation,
      state(true),
      { actorId: ANA, userId: BEN },
      by(ANA),
    );
    expect(again.appends).toEqual([]);
  });

  it('answers not found for an unknown member', async () => {
    expect(
      await refusal(
        requirePasswordRotation,
        { state: undefined, version: 0 },
        { actorId: ANA, userId: BEN },
      ),
    ).toEqual(refusedAs.notFound('User not found'));
  });
});

describe('the second step of a sign-in', () => {
  const secret = newTotpSecret();
  // The "sealed" secret is the secret itself here: opening is the box's concern, not the rule's.
  const { completeSignIn } = twoFactorCommands({ open: async (sealed) => sealed });
  const challenge = (over: Partial<OpenChallenge> = {}): OpenChallenge => ({
    id: 'c0000000-0000-4000-8000-000000000001',
    user_id: ANA,
    remember_me: false,
    attempts: 0,
    expires_at: new Date(Date.now() + 60_000),
    status: 'active',
    secret,
    ...over,
  });
  const given = (over: Partial<OpenChallenge> = {}, lastStep?: number) => ({
    challenge: challenge(over),
    lastStep: lastStep === undefined ? undefined : { time_step: lastStep },
    recovery: undefined,
    version: 7,
  });
  const currentStep = () => Math.floor(Date.now() / 30_000);

  it('opens a session for a current code, spending its time step', async () => {
    const decision = await decide(completeSignIn, given(), {
      challengeId: challenge().id,
      code: await generate({ secret }),
    });
    expect(decision.appends).toEqual([
      { streamId: expect.stringMatching(/^session-/), expectedVersion: 0, types: ['UserSignedIn'] },
    ]);
    // The step's lock and rule; the challenge ended, the session written, the step kept.
    expect(decision.guards).toBe(2);
    expect(decision.effects).toBe(3);
  });

  it('counts a wrong code, and refuses a code of a step already spent', async () => {
    const code = await generate({ secret });
    const wrong = `${(Number(code[0]) + 5) % 10}${code.slice(1)}`;
    const cases = [
      { state: given(), code: wrong },
      { state: given({}, currentStep() + 1), code },
    ];
    for (const { state, code: typed } of cases) {
      const decision = await decide(completeSignIn, state, {
        challengeId: challenge().id,
        code: typed,
      });
      expect(decision.appends).toEqual([]);
      // The attempt counted, and still refused.
      expect(decision.effects).toBe(1);
      expect(decision.refusedAfterCommit).toMatchObject({ code: 'invalid-two-factor-code' });
    }
  });

  it('refuses an expired, exhausted or turned-off challenge', async () => {
    for (const over of [
      { expires_at: new Date(Date.now() - 1) },
      { attempts: 5 },
      { secret: null },
    ]) {
      expect(
        await refusal(completeSignIn, given(over), { challengeId: challenge().id, code: '123456' }),
      ).toEqual(
        refusedAs.invalid('two-factor-challenge-expired', twoFactorMessages.challengeExpired),
      );
    }
  });

  it('spends an unused recovery code with an event on the member stream', async () => {
    const codeHash = recoveryCodeHash('abcdefghjk');
    const decision = await decide(
      completeSignIn,
      { ...given(), recovery: { code_hash: codeHash } },
      { challengeId: challenge().id, recoveryCode: 'abcdefghjk' },
    );
    expect(decision.appends.map((a) => a.types)).toEqual([
      ['UserSignedIn'],
      ['TwoFactorRecoveryCodeUsed'],
    ]);
    expect(decision.events[1]).toEqual({
      type: 'TwoFactorRecoveryCodeUsed',
      data: { userId: ANA, codeHash },
    });
  });
});
