import { accountMessages } from '../../shared/account';
import { eventSchemas } from '../../shared/events';
import { deleteAccount } from '../../server/domains/account/delete-account';
import { erasedEmail, erasedUsername } from '../../server/domains/account/redaction';
import { hashPassword } from '../../server/domains/auth/passwords';
import { ANA, decide, refusal, refusedAs } from './support/decide';

const PASSWORD = 'Secret123';
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const given = (role: 'member' | 'owner' = 'member') => ({
  user: {
    id: ANA,
    email: 'ana@example.com',
    username: 'ana',
    displayName: 'Ana',
    role,
    password_hash: passwordHash,
  },
  files: [
    { key: `${ANA}.png`, poster_key: null },
    { key: 'clip.webm', poster_key: 'clip-poster.jpg' },
  ],
  pendingEmails: [{ new_email: 'ana.new@example.com' }],
  version: 4,
});

describe('deleting an account', () => {
  it('refuses without the typed confirmation, before anything else', async () => {
    expect(
      await refusal(deleteAccount, given(), {
        userId: ANA,
        password: PASSWORD,
        confirmation: 'delete',
      }),
    ).toEqual(
      refusedAs.invalid('confirmation-mismatch', accountMessages.confirmationMismatch, {
        confirmation: accountMessages.confirmationMismatch,
      }),
    );
  });

  it('refuses a wrong password', async () => {
    expect(
      await refusal(deleteAccount, given(), {
        userId: ANA,
        password: 'not-it',
        confirmation: 'DELETE',
      }),
    ).toEqual(refusedAs.forbidden('wrong-password', accountMessages.wrongPassword));
  });

  it('appends AccountDeleted at the version read, erases with it, and answers the stored keys', async () => {
    const decision = await decide(deleteAccount, given(), {
      userId: ANA,
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(decision.appends).toEqual([
      { streamId: `user-${ANA}`, expectedVersion: 4, types: ['AccountDeleted'] },
    ]);
    expect(decision.events).toEqual([{ type: 'AccountDeleted', data: { userId: ANA } }]);
    expect(decision.effects).toBeGreaterThan(10);
    expect(decision.guards).toBe(0);
    expect(decision.result).toEqual({
      fileKeys: [`${ANA}.png`, 'clip.webm', 'clip-poster.jpg'],
    });
  });

  it("makes an owner's deletion wait for, and need, another active owner at commit", async () => {
    const decision = await decide(deleteAccount, given('owner'), {
      userId: ANA,
      password: PASSWORD,
      confirmation: 'DELETE',
    });
    expect(decision.guards).toBe(2);
  });
});

describe('redacted placeholders', () => {
  it('still pass the registration schema, unique per member', () => {
    const other = '20000000-0000-4000-8000-000000000001';
    const redacted = {
      userId: ANA,
      username: erasedUsername(ANA),
      email: erasedEmail(ANA),
      passwordHash: 'erased',
      role: 'member',
    };
    expect(eventSchemas.UserRegistered.safeParse(redacted).success).toBe(true);
    expect(erasedUsername(ANA)).not.toBe(erasedUsername(other));
    expect(erasedUsername(ANA).length).toBeLessThanOrEqual(30);
  });
});
