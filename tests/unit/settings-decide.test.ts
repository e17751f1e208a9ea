import { hashPassword } from '../../server/domains/auth/passwords';
import {
  confirmEmailChange,
  requestEmailChangeCommand,
} from '../../server/domains/settings/email-change';
import {
  applySettingsChanges,
  presentSettings,
  settingsChanges,
} from '../../server/domains/settings/member-settings';
import { changeMemberSettings } from '../../server/domains/settings/settings-command';
import { emailVerificationTemplate } from '../../server/domains/email/templates';
import { authErrorMessages } from '../../shared/auth/messages';
import { emailVerificationMessages } from '../../shared/ops/email';
import { profileMessages } from '../../shared/profiles';
import { ANA, BEN, by, decide, refusal, refusedAs, storedTemplate } from './support/decide';

const defaults = presentSettings(undefined);

describe('member settings', () => {
  it('are the defaults of 002 §4 until a member changes one', () => {
    expect(defaults).toEqual({
      notifications: { email: true, push: true, sms: false, marketing: false },
      appearance: { theme: 'system', fontSize: 'medium' },
      version: 0,
    });
  });

  it('keep only what an update really changes', () => {
    expect(settingsChanges(defaults, { notifications: { email: true, push: false } })).toEqual({
      notifications: { push: false },
    });
    expect(settingsChanges(defaults, { appearance: { theme: 'system' } })).toBeNull();
    expect(
      settingsChanges(defaults, {
        notifications: { sms: true },
        appearance: { fontSize: 'large' },
      }),
    ).toEqual({ notifications: { sms: true }, appearance: { fontSize: 'large' } });
  });

  it('apply a change over the rest, one version further', () => {
    const next = applySettingsChanges(defaults, { appearance: { theme: 'dark' } });
    expect(next).toEqual({
      ...defaults,
      appearance: { theme: 'dark', fontSize: 'medium' },
      version: 1,
    });
  });
});

describe('changing settings', () => {
  const given = { current: defaults, version: 0 };

  it('appends the changed settings only, on the member settings stream', async () => {
    const decision = await decide(
      changeMemberSettings,
      given,
      { userId: ANA, update: { notifications: { email: false, push: true } } },
      by(ANA),
    );
    expect(decision.appends).toEqual([
      { streamId: `member-settings-${ANA}`, expectedVersion: 0, types: ['MemberSettingsChanged'] },
    ]);
    expect(decision.events[0]?.data).toEqual({ userId: ANA, notifications: { email: false } });
    expect(decision.result?.notifications.email).toBe(false);
    expect(decision.result?.version).toBe(1);
  });

  it('appends nothing when nothing changes, and answers the settings as they are', async () => {
    const decision = await decide(
      changeMemberSettings,
      given,
      { userId: ANA, update: { appearance: { fontSize: 'medium' } } },
      by(ANA),
    );
    expect(decision.appends).toEqual([]);
    expect(decision.result).toEqual(defaults);
  });
});

describe('changing the email address', () => {
  const publicUrl = 'http://agora.test';
  const requestEmailChange = requestEmailChangeCommand(publicUrl);
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword('Correct-horse-1');
  });
  const given = () => ({
    user: { email: 'ana@example.com', password_hash: passwordHash },
    taken: undefined,
    template: storedTemplate(emailVerificationTemplate),
    version: 3,
  });
  const input = { userId: ANA, email: 'ana@new.example', password: 'Correct-horse-1' };

  it('records the request and queues the verification email to the new address', async () => {
    const decision = await decide(requestEmailChange, given(), input, by(ANA));
    expect(decision.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 3, types: ['EmailChangeRequested'] },
    ]);
    expect(decision.events[0]?.data).toMatchObject({ userId: ANA, newEmail: 'ana@new.example' });
    // The registration lock and the address checked again at commit; the outbox row, its wake-up
    // and the operators' queue counts.
    expect(decision).toMatchObject({ guards: 2, effects: 3 });
    expect(decision.result).toEqual({ message: profileMessages.emailChangeSent });
  });

  it('refuses a wrong password, the current address, and an address another member has', async () => {
    expect(
      await refusal(requestEmailChange, given(), { ...input, password: 'nope' }, by(ANA)),
    ).toEqual(
      refusedAs.invalid('wrong-password', authErrorMessages['wrong-password'], {
        password: authErrorMessages['wrong-password'],
      }),
    );
    expect(
      await refusal(requestEmailChange, given(), { ...input, email: 'ANA@example.com' }, by(ANA)),
    ).toEqual(
      refusedAs.invalid('email-unchanged', profileMessages.emailUnchanged, {
        email: profileMessages.emailUnchanged,
      }),
    );
    const taken = await refusal(
      requestEmailChange,
      { ...given(), taken: { id: BEN } },
      input,
      by(ANA),
    );
    expect(taken).toMatchObject({
      kind: 'conflict',
      code: 'email-already-in-use',
      message: authErrorMessages['email-already-in-use'],
    });
  });

  it('moves the account when an open link is followed, and refuses any other link', async () => {
    const change = { tokenId: BEN, userId: ANA, newEmail: 'ana@new.example', version: 4 };
    const decision = await decide(confirmEmailChange, { change }, { token: 't' });
    expect(decision.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 4, types: ['EmailChanged'] },
    ]);
    expect(decision.events[0]?.data).toEqual({
      userId: ANA,
      email: 'ana@new.example',
      tokenId: BEN,
    });
    expect(await refusal(confirmEmailChange, { change: null }, { token: 't' })).toEqual(
      refusedAs.invalid('invalid-verification-token', emailVerificationMessages.invalid),
    );
  });
});
