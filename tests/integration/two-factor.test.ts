import { generate } from 'otplib';
import request from 'supertest';
import { twoFactorMessages as m } from '../../shared/auth/security-messages';
import {
  as,
  rowCounts,
  sessionCookie,
  signIn,
  signUp,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { startTestServer, useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();

const api = () => request(stack.server.url);

/** A code of a secret that is certainly wrong now: the current one with its first digit moved. */
async function wrongCode(secret: string): Promise<string> {
  const code = await generate({ secret });
  return `${(Number(code[0]) + 5) % 10}${code.slice(1)}`;
}

async function enableTwoFactor(member: TestMember) {
  const setup = await as(stack.server, member)
    .post('/me/two-factor/setup', { password: member.password })
    .expect(200);
  const { secret } = setup.body as { secret: string };
  const enabled = await as(stack.server, member)
    .post('/me/two-factor/enable', { code: await generate({ secret }) })
    .expect(200);
  return { secret, recoveryCodes: enabled.body.recoveryCodes as string[], setup: setup.body };
}

async function challengeOf(member: TestMember): Promise<string> {
  const res = await signIn(stack.server, { email: member.email, password: member.password }).expect(
    200,
  );
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(res.body).toEqual({ twoFactorRequired: true, challengeId: expect.any(String) });
  return res.body.challengeId as string;
}

const secondStep = (body: object) => api().post('/api/auth/sign-in/two-factor').send(body);

describe('two-factor sign-in', () => {
  it('sets up with a QR code, enables with a code and signs in with a second step', async () => {
    const member = await signUp(stack.server);
    const before = await as(stack.server, member).get('/me/two-factor').expect(200);
    expect(before.body).toEqual({ enabled: false, pending: false, recoveryCodesRemaining: 0 });

    const { secret, recoveryCodes, setup } = await enableTwoFactor(member);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/Agora:.*secret=/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const status = await as(stack.server, member).get('/me/two-factor').expect(200);
    expect(status.body).toEqual({ enabled: true, pending: false, recoveryCodesRemaining: 10 });

    // The secret is in no event and no read model in plain text.
    const events = await stack.database.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user-${member.id}`)
      .execute();
    expect(JSON.stringify(events)).not.toContain(secret);
    const stored = await stack.database.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const challengeId = await challengeOf(member);
    const wrong = await secondStep({ challengeId, code: await wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(m.invalidCode);

    const res = await secondStep({ challengeId, code: await generate({ secret }) }).expect(200);
    expect(res.body).toMatchObject({ isAuthenticated: true, id: member.id });
    const cookie = sessionCookie(res.headers['set-cookie']);
    await as(stack.server, { cookie }).get('/me/badges').expect(200);
    // A challenge is used once.
    const reused = await secondStep({ challengeId, code: await generate({ secret }) });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('two-factor-challenge-expired');
  });

  it('never takes the same code twice', async () => {
    const member = await signUp(stack.server);
    const { secret } = await enableTwoFactor(member);
    const code = await generate({ secret });
    await secondStep({ challengeId: await challengeOf(member), code }).expect(200);
    const replayed = await secondStep({ challengeId: await challengeOf(member), code });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.code).toBe('invalid-two-factor-code');
  });

  it('takes a recovery code once', async () => {
    const member = await signUp(stack.server);
    const { recoveryCodes } = await enableTwoFactor(member);
    const code = recoveryCodes[0]!;

    const first = await challengeOf(member);
    await secondStep({ challengeId: first, recoveryCode: code.toUpperCase() }).expect(200);
    const status = await as(stack.server, member).get('/me/two-factor').expect(200);
    expect(status.body.recoveryCodesRemaining).toBe(9);

    const second = await challengeOf(member);
    const again = await secondStep({ challengeId: second, recoveryCode: code });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(m.invalidRecoveryCode);
    await secondStep({ challengeId: second, recoveryCode: recoveryCodes[1]! }).expect(200);
  });

  it('ends a challenge after five wrong codes', async () => {
    const member = await signUp(stack.server);
    const { secret } = await enableTwoFactor(member);
    const challengeId = await challengeOf(member);
    for (let i = 0; i < 5; i += 1) {
      const res = await secondStep({ challengeId, code: await wrongCode(secret) });
      expect(res.body.error.code).toBe('invalid-two-factor-code');
    }
    const after = await secondStep({ challengeId, code: await generate({ secret }) });
    expect(after.status).toBe(400);
    expect(after.body.error.code).toBe('two-factor-challenge-expired');
  });

  it('refuses an expired challenge', async () => {
    const member = await signUp(stack.server);
    const { secret } = await enableTwoFactor(member);
    const challengeId = await challengeOf(member);
    await stack.database.db
      .updateTable('two_factor_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', challengeId)
      .execute();
    const res = await secondStep({ challengeId, code: await generate({ secret }) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(m.challengeExpired);
  });

  it('refuses setup with a wrong password, enabling without setup or with a wrong code', async () => {
    const member = await signUp(stack.server);
    const tables = ['events', 'two_factor', 'two_factor_recovery_codes'];
    const before = await rowCounts(stack.database.db, tables);
    await as(stack.server, member)
      .post('/me/two-factor/setup', { password: 'Wrong1234' })
      .expect(400);
    const notSetUp = await as(stack.server, member).post('/me/two-factor/enable', {
      code: '123456',
    });
    expect(notSetUp.body.error.code).toBe('two-factor-not-set-up');
    expect(await rowCounts(stack.database.db, tables)).toEqual(before);

    const setup = await as(stack.server, member)
      .post('/me/two-factor/setup', { password: member.password })
      .expect(200);
    const wrong = await as(stack.server, member).post('/me/two-factor/enable', {
      code: await wrongCode(setup.body.secret),
    });
    expect(wrong.status).toBe(400);
    const pending = await as(stack.server, member).get('/me/two-factor').expect(200);
    expect(pending.body).toEqual({ enabled: false, pending: true, recoveryCodesRemaining: 0 });
    // Pending is not enabled: sign-in still opens a session directly.
    const res = await signIn(stack.server, { email: member.email, password: member.password });
    expect(res.body.isAuthenticated).toBe(true);
  });

  it('refuses bad bodies with a 400', async () => {
    const member = await signUp(stack.server);
    for (const body of [{}, { code: 'abcdef' }, { code: '1234567' }, { code: 123456 }]) {
      expect((await as(stack.server, member).post('/me/two-factor/enable', body)).status).toBe(400);
    }
    for (const body of [
      {},
      { challengeId: 'nope', code: '123456' },
      { challengeId: '00000000-0000-4000-8000-000000000000' },
      { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456', recoveryCode: 'x' },
    ]) {
      expect((await secondStep(body)).status).toBe(400);
    }
    await api().get('/api/me/two-factor').expect(401);
  });

  it('disables with the password and a code, and sign-in is one step again', async () => {
    const member = await signUp(stack.server);
    const { secret } = await enableTwoFactor(member);
    await as(stack.server, member)
      .post('/me/two-factor/disable', { password: 'Wrong1234', code: await generate({ secret }) })
      .expect(400);
    await as(stack.server, member)
      .post('/me/two-factor/disable', { password: member.password, code: await wrongCode(secret) })
      .expect(400);
    await as(stack.server, member)
      .post('/me/two-factor/disable', {
        password: member.password,
        code: await generate({ secret }),
      })
      .expect(204);
    const status = await as(stack.server, member).get('/me/two-factor').expect(200);
    expect(status.body).toEqual({ enabled: false, pending: false, recoveryCodesRemaining: 0 });
    const res = await signIn(stack.server, { email: member.email, password: member.password });
    expect(res.body.isAuthenticated).toBe(true);
  });

  it('keeps refusing codes past the per-client limit', async () => {
    const limited = await startTestServer(stack.database.url, {
      env: { TWO_FACTOR_CODES_PER_HOUR: '2' },
    });
    try {
      const body = { challengeId: '00000000-0000-4000-8000-000000000000', code: '123456' };
      const send = () => request(limited.url).post('/api/auth/sign-in/two-factor').send(body);
      expect((await send()).status).toBe(400);
      expect((await send()).status).toBe(400);
      expect((await send()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the security read models', () => {
  it('are rebuilt from the log exactly as the commands left them', async () => {
    const member = await signUp(stack.server);
    const { recoveryCodes } = await enableTwoFactor(member);
    await secondStep({
      challengeId: await challengeOf(member),
      recoveryCode: recoveryCodes[3]!,
    }).expect(200);
    const other = await signUp(stack.server);
    const { secret } = await enableTwoFactor(other);
    await as(stack.server, other)
      .post('/me/two-factor/disable', {
        password: other.password,
        code: await generate({ secret }),
      })
      .expect(204);
    const tables = ['password_state', 'two_factor', 'two_factor_recovery_codes'];
    const before = await snapshotReadModels(stack.database.db, tables);
    await rebuild(stack.database.db);
    expect(await snapshotReadModels(stack.database.db, tables)).toEqual(before);
  });
});
