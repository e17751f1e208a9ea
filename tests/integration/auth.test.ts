import { sql } from 'kysely';
import request from 'supertest';
import { authErrorMessages, validationMessages } from '../../shared/auth/messages';
import { hashPassword } from '../../server/domains/auth/passwords';
import {
  as,
  queuedEmail,
  queuedEmails,
  rowCounts,
  sessionCookie,
  signIn,
  signUp,
  signUpMembers,
  streamEvents,
  TEST_PASSWORD,
  type TestMember,
} from '../support/factories';
import { append } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();

const api = () => request(stack.server.url);

describe('sign-up', () => {
  it('makes the first account an owner and later ones members, and signs them in', async () => {
    const first = await signUp(stack.server, 'first_owner');
    expect(first.role).toBe('owner');
    const second = await signUp(stack.server);
    expect(second.role).toBe('member');

    const res = await as(stack.server, second).get('/auth/session').expect(200);
    expect(res.body).toMatchObject({
      isAuthenticated: true,
      id: second.id,
      email: second.email,
      username: second.username,
      displayName: second.username,
      avatar: null,
      emailVerified: false,
      providerId: 'password',
      rememberMe: false,
      role: 'member',
    });
    expect(Date.parse(res.body.lastActivity)).not.toBeNaN();
    expect(Date.parse(res.body.sessionStart)).not.toBeNaN();
  });

  it('stores an argon2id hash, never the password', async () => {
    const member = await signUp(stack.server);
    const row = await stack.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(member.password);
  });

  it('treats emails and usernames case-insensitively for uniqueness', async () => {
    const member = await signUp(stack.server);
    const byEmail = await api()
      .post('/api/auth/sign-up')
      .send({ username: 'someone_else', email: member.email.toUpperCase(), password: 'Secret123' })
      .expect(409);
    expect(byEmail.body.error).toEqual({
      code: 'email-already-in-use',
      message: authErrorMessages['email-already-in-use'],
      fields: { email: authErrorMessages['email-already-in-use'] },
    });
    const byName = await api()
      .post('/api/auth/sign-up')
      .send({
        username: member.username.toUpperCase(),
        email: 'fresh@example.com',
        password: 'Secret123',
      })
      .expect(409);
    expect(byName.body.error.code).toBe('username-already-in-use');
  });

  it.each([
    [
      { username: 'ab', email: 'a@b.co', password: 'Secret123' },
      'validation',
      { username: validationMessages.usernameTooShort },
    ],
    [
      { username: 'a b!', email: 'a@b.co', password: 'Secret123' },
      'validation',
      { username: validationMessages.usernameCharacters },
    ],
    [
      { username: 'valid_name', email: 'nope', password: 'Secret123' },
      'invalid-email',
      { email: validationMessages.emailInvalid },
    ],
    [
      { username: 'valid_name', email: 'a@b.co', password: 'Short1' },
      'weak-password',
      { password: validationMessages.passwordTooShort },
    ],
    [
      { username: 'valid_name', email: 'a@b.co', password: 'alllowercase1' },
      'weak-password',
      { password: validationMessages.passwordComplexity },
    ],
    [
      { username: '', email: '', password: '' },
      'validation',
      {
        username: validationMessages.usernameRequired,
        email: validationMessages.emailRequired,
        password: validationMessages.passwordRequired,
      },
    ],
  ])('refuses %j with %s', async (body, code, fields) => {
    const before = await countRows();
    const res = await api().post('/api/auth/sign-up').send(body).expect(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.fields).toMatchObject(fields);
    expect(await countRows()).toEqual(before);
  });
});

describe('sign-in', () => {
  it('answers the spec messages for unknown email, wrong password and a bad address', async () => {
    const member = await signUp(stack.server);
    const unknown = await signIn(stack.server, {
      email: 'nobody@example.com',
      password: 'x',
    }).expect(404);
    expect(unknown.body.error).toMatchObject({
      code: 'user-not-found',
      message: 'No account found with this email address.',
      fields: { email: 'No account found with this email address.' },
    });
    const wrong = await signIn(stack.server, { email: member.email, password: 'Wrong1234' }).expect(
      401,
    );
    expect(wrong.body.error).toMatchObject({
      code: 'wrong-password',
      message: 'Incorrect password. Please try again.',
      fields: { password: 'Incorrect password. Please try again.' },
    });
    const bad = await signIn(stack.server, { email: 'not-an-email', password: 'x' }).expect(400);
    expect(bad.body.error).toMatchObject({
      code: 'invalid-email',
      message: 'Please enter a valid email address.',
    });
  });

  it('answers a password over 128 characters with the length message, not as missing', async () => {
    const member = await signUp(stack.server);
    const res = await signIn(stack.server, {
      email: member.email,
      password: `${member.password}${'x'.repeat(129)}`,
    }).expect(400);
    expect(res.body.error.fields).toEqual({ password: validationMessages.passwordTooLong });
  });

  it('sets a browser-session cookie without remember me and a 30-day one with it', async () => {
    const member = await signUp(stack.server);
    const plain = await signIn(stack.server, {
      email: member.email,
      password: member.password,
    }).expect(200);
    const plainCookie = String(plain.headers['set-cookie']);
    expect(plainCookie).toMatch(/HttpOnly/);
    expect(plainCookie).toMatch(/SameSite=Lax/);
    expect(plainCookie).not.toMatch(/Expires=/);

    const remembered = await signIn(stack.server, {
      email: member.email.toUpperCase(),
      password: member.password,
      rememberMe: true,
    }).expect(200);
    const cookie = String(remembered.headers['set-cookie']);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    const days = (expires - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(remembered.body.rememberMe).toBe(true);
  });

  it('stores only a hash of the session token', async () => {
    const member = await signUp(stack.server);
    const token = member.cookie.split('=')[1]!;
    const rows = await stack.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).not.toBe(token);
  });

  it('locks an address for 15 minutes after 5 failures within 15 minutes', async () => {
    const member = await signUp(stack.server);
    for (let i = 0; i < 5; i += 1) {
      await signIn(stack.server, { email: member.email, password: 'Wrong1234' }).expect(401);
    }
    const locked = await signIn(stack.server, {
      email: member.email,
      password: member.password,
    }).expect(429);
    expect(locked.body.error).toMatchObject({
      code: 'too-many-requests',
      message: 'Too many failed login attempts. Please try again later.',
    });

    // Fourteen minutes later it is still locked; after fifteen it opens again.
    await sql`update sign_in_throttle set locked_until = locked_until - interval '14 minutes' where email = ${member.email}`.execute(
      stack.database.db,
    );
    await signIn(stack.server, { email: member.email, password: member.password }).expect(429);
    await sql`update sign_in_throttle set locked_until = locked_until - interval '1 minute 1 second' where email = ${member.email}`.execute(
      stack.database.db,
    );
    await signIn(stack.server, { email: member.email, password: member.password }).expect(200);
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    const member = await signUp(stack.server);
    for (let i = 0; i < 4; i += 1) {
      await signIn(stack.server, { email: member.email, password: 'Wrong1234' }).expect(401);
    }
    await sql`update sign_in_throttle set window_started_at = window_started_at - interval '16 minutes' where email = ${member.email}`.execute(
      stack.database.db,
    );
    await signIn(stack.server, { email: member.email, password: 'Wrong1234' }).expect(401);
    await signIn(stack.server, { email: member.email, password: member.password }).expect(200);
  });

  it('locks out the client with five failures for the address, not the member signing in from another', async () => {
    const member = await signUp(stack.server);
    const from = (client: string | null, password: string) => {
      const attempt = signIn(stack.server, { email: member.email, password });
      return client ? attempt.set('x-forwarded-for', client) : attempt;
    };
    const stranger = '203.0.113.50';
    for (let i = 0; i < 5; i += 1) await from(stranger, 'Wrong1234').expect(401);
    const locked = await from(stranger, member.password).expect(429);
    expect(locked.body.error).toMatchObject({
      code: 'too-many-requests',
      message: 'Too many failed login attempts. Please try again later.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The member, from another network or from their usual client with no proxy in between.
    await from('198.51.100.60', member.password).expect(200);
    await from(null, member.password).expect(200);
  });

  it('refuses a disabled account and ends its sessions; only an owner may disable', async () => {
    const owner = await ownerCookie();
    const [member, other] = await signUpMembers(stack.server, 2);
    const refused = await as(stack.server, other)
      .post(`/admin/users/${member.id}/disable`)
      .expect(403);
    expect(refused.body.error.code).toBe('forbidden');
    await api().post(`/api/admin/users/${member.id}/disable`).expect(401);

    await api().post(`/api/admin/users/${member.id}/disable`).set('cookie', owner).expect(204);
    const session = await as(stack.server, member).get('/auth/session').expect(200);
    expect(session.body).toEqual({ isAuthenticated: false });
    const res = await signIn(stack.server, {
      email: member.email,
      password: member.password,
    }).expect(403);
    expect(res.body.error).toMatchObject({
      code: 'user-disabled',
      message: 'This account has been disabled. Please contact support.',
    });

    await api().post(`/api/admin/users/${member.id}/enable`).set('cookie', owner).expect(204);
    await signIn(stack.server, { email: member.email, password: member.password }).expect(200);
  });
});

describe('sign-out', () => {
  it('ends the session and records the event', async () => {
    const member = await signUp(stack.server);
    await as(stack.server, member).post('/auth/sign-out').expect(204);
    const res = await as(stack.server, member).get('/auth/session').expect(200);
    expect(res.body).toEqual({ isAuthenticated: false });
    await as(stack.server, member).get('/me/badges').expect(401);
    const events = await stack.database.db
      .selectFrom('events')
      .select('type')
      .where('type', '=', 'UserSignedOut')
      .where(sql`data->>'userId'`, '=', member.id)
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('queues the Password Reset email, lets the link set a password once, and ends old sessions', async () => {
    const member = await signUp(stack.server);
    await api().post('/api/auth/password-reset').send({ email: member.email }).expect(200, {
      message: 'Password reset email sent! Check your inbox.',
    });
    const mail = await queuedEmail(stack.database.db, member.email, 'Password Reset');
    expect(mail.template).toBe('Password Reset');
    expect(mail.status).toBe('pending');
    expect(mail.data.email).toBe(member.email);
    const resetUrl = new URL(mail.data.resetUrl!);
    expect(resetUrl.pathname).toBe('/reset-password');
    expect(mail.text_body).toContain(mail.data.resetUrl);
    const token = resetUrl.searchParams.get('token')!;

    const weak = await api()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'weak' })
      .expect(400);
    expect(weak.body.error.code).toBe('weak-password');

    await api()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Another456' })
      .expect(200);
    const again = await api()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Third7890' })
      .expect(400);
    expect(again.body.error).toMatchObject({
      code: 'invalid-reset-token',
      message: authErrorMessages['invalid-reset-token'],
    });

    const old = await as(stack.server, member).get('/auth/session').expect(200);
    expect(old.body.isAuthenticated).toBe(false);
    await signIn(stack.server, { email: member.email, password: member.password }).expect(401);
    const signedIn = await signIn(stack.server, {
      email: member.email,
      password: 'Another456',
    }).expect(200);
    sessionCookie(signedIn.headers['set-cookie']);
  });

  it('refuses a link older than one hour', async () => {
    const member = await signUp(stack.server);
    await api().post('/api/auth/password-reset').send({ email: member.email }).expect(200);
    const mail = await queuedEmail(stack.database.db, member.email, 'Password Reset');
    const token = new URL(mail.data.resetUrl!).searchParams.get('token')!;
    const row = await stack.database.db
      .selectFrom('password_reset_tokens')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(
      60 * 60 * 1000 + 1000,
    );
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${member.id}`.execute(
      stack.database.db,
    );
    await api()
      .post('/api/auth/password-reset/confirm')
      .send({ token, password: 'Another456' })
      .expect(400);
  });

  it('voids the older links when a new one is issued, so only the newest works', async () => {
    const member = await signUp(stack.server);
    const first = await resetLink(member);
    const second = await resetLink(member);
    const refused = await confirmReset(first, 'Another456').expect(400);
    expect(refused.body.error.code).toBe('invalid-reset-token');
    await confirmReset(second, 'Another456').expect(200);
    await signIn(stack.server, { email: member.email, password: 'Another456' }).expect(200);
  });

  it('voids every open link when the password changes, through a link or otherwise', async () => {
    const member = await signUp(stack.server);
    const open = await resetLink(member);
    // No route changes a password but the reset: the event is appended as such a command would.
    const version = (await streamEvents(stack.database.db, `user-${member.id}`)).length;
    await append(stack.database.db, `user-${member.id}`, version, [
      {
        type: 'PasswordChanged',
        data: { userId: member.id, passwordHash: await hashPassword('Changed123') },
      },
    ]);
    await confirmReset(open, 'Another456').expect(400);

    const used = await resetLink(member);
    await confirmReset(used, 'Another456').expect(200);
    const links = await stack.database.db
      .selectFrom('password_reset_tokens')
      .select('used_at')
      .where('user_id', '=', member.id)
      .execute();
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.used_at).not.toBeNull();
  });

  it('answers the not-found message for an unknown address and queues nothing', async () => {
    const before = await countRows();
    const res = await api()
      .post('/api/auth/password-reset')
      .send({ email: 'ghost@example.com' })
      .expect(404);
    expect(res.body.error.message).toBe('No account found with this email address.');
    expect(await countRows()).toEqual(before);
  });
});

/** Requests a reset link for the member; answers the token of the link emailed. */
async function resetLink(member: TestMember): Promise<string> {
  await api().post('/api/auth/password-reset').send({ email: member.email }).expect(200);
  const mails = await queuedEmails(stack.database.db, member.email, 'Password Reset');
  return new URL(mails.at(-1)!.data.resetUrl!).searchParams.get('token')!;
}

function confirmReset(token: string, password: string) {
  return api().post('/api/auth/password-reset/confirm').send({ token, password });
}

let ownerSession: string | null = null;
async function ownerCookie(): Promise<string> {
  if (ownerSession) return ownerSession;
  const res = await signIn(stack.server, {
    email: 'first_owner@example.com',
    password: TEST_PASSWORD,
  }).expect(200);
  ownerSession = sessionCookie(res.headers['set-cookie']);
  return ownerSession;
}

function countRows() {
  return rowCounts(stack.database.db, ['events', 'users', 'sessions', 'email_outbox']);
}
