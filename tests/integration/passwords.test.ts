import request from 'supertest';
import { passwordChangeMessages as m } from '../../shared/auth/security-messages';
import { startTestServer, useServerWithDatabase, connectAs } from '../support/test-server';
import {
  as,
  rowCounts,
  sessionCookie,
  signIn,
  signUp,
  signUpOwnerAndMember,
  streamEvents,
  type TestMember,
} from '../support/factories';

const stack = useServerWithDatabase();

const NEW_PASSWORD = 'Fresh-Harbour-42';

const change = (member: TestMember, body: object) =>
  as(stack.server, member).post('/me/password', body);

/** A second session of the same member, as another tab or device would have. */
async function secondSession(member: TestMember): Promise<TestMember> {
  const res = await signIn(stack.server, { email: member.email, password: member.password }).expect(
    200,
  );
  return { ...member, cookie: sessionCookie(res.headers['set-cookie']) };
}

const TOUCHED = ['events', 'sessions', 'password_state'];

describe('changing the password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const member = await signUp(stack.server);
    const before = await rowCounts(stack.database.db, TOUCHED);
    const res = await change(member, { currentPassword: 'Wrong1234', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'wrong-password',
      fields: { currentPassword: m.wrongCurrent },
    });
    expect(await rowCounts(stack.database.db, TOUCHED)).toEqual(before);
  });

  it.each([
    ['too short', 'Short-Pw-1'],
    ['no uppercase', 'fresh-harbour-42'],
    ['no lowercase', 'FRESH-HARBOUR-42'],
    ['no digit', 'Fresh-Harbour-xx'],
    ['no special character', 'FreshHarbour42x'],
    ['a common password', 'Password123!'],
    ['a common password behind symbols', '2024!!Letmein?'],
  ])('refuses a new password with %s, with the spec text', async (_rule, newPassword) => {
    const member = await signUp(stack.server);
    const before = await rowCounts(stack.database.db, TOUCHED);
    const res = await change(member, { currentPassword: member.password, newPassword });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'password-requirements',
      message: m.requirementsNotMet,
    });
    expect(await rowCounts(stack.database.db, TOUCHED)).toEqual(before);
  });

  it('refuses a new password containing the username, in any case', async () => {
    const member = await signUp(stack.server);
    const res = await change(member, {
      currentPassword: member.password,
      newPassword: `X!9${member.username.toUpperCase()}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('password-requirements');
  });

  it('refuses the current password as the new one', async () => {
    const member = await signUp(stack.server);
    const current = 'Current-Pass-77';
    await change(member, { currentPassword: member.password, newPassword: current }).expect(200);
    const again = { ...member, password: current };
    const signedIn = await secondSession(again);
    const res = await change(signedIn, { currentPassword: current, newPassword: current });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'same-password', message: m.sameAsCurrent });
  });

  it('refuses bad bodies with a 400', async () => {
    const member = await signUp(stack.server);
    for (const body of [{}, { currentPassword: '' }, { currentPassword: 1, newPassword: 2 }]) {
      const res = await change(member, body);
      expect(res.status).toBe(400);
    }
    await request(stack.server.url)
      .post('/api/me/password')
      .send({ currentPassword: 'x', newPassword: NEW_PASSWORD })
      .expect(401);
  });

  it('limits password checks to ten an hour per member', async () => {
    const member = await signUp(stack.server);
    const guess = { currentPassword: 'Wrong1234', newPassword: NEW_PASSWORD };
    for (let i = 0; i < 10; i += 1) expect((await change(member, guess)).status).toBe(400);
    const limited = await change(member, {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate-limited');
  });

  it('ends every session, closes the other session’s sockets and takes the new password', async () => {
    const member = await signUp(stack.server);
    const other = await secondSession(member);
    const socket = await connectAs(stack.server, other);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));

    const res = await change(member, {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: m.success });
    expect(String(res.headers['set-cookie'])).toMatch(/agora_session=;/);

    await expect(closed).resolves.toBe('io server disconnect');
    for (const session of [member, other]) {
      const summary = await as(stack.server, session).get('/auth/session').expect(200);
      expect(summary.body).toEqual({ isAuthenticated: false });
    }
    await signIn(stack.server, { email: member.email, password: member.password }).expect(401);
    await signIn(stack.server, { email: member.email, password: NEW_PASSWORD }).expect(200);
    const events = await streamEvents(stack.database.db, `user-${member.id}`);
    expect(events.map((e) => e.type)).toContain('PasswordChanged');
  });
});

describe('required rotation', () => {
  it('blocks member routes until the member changes the password, then clears', async () => {
    const { owner, member } = await signUpOwnerAndMember(stack.server);
    // The stack's first account is this file's owner only when this test runs first.
    await request(stack.server.url)
      .post(`/api/test/users/${owner.id}/role`)
      .send({ role: 'owner' })
      .expect(204);

    await as(stack.server, member)
      .post(`/admin/users/${owner.id}/require-password-rotation`)
      .expect(403);
    await as(stack.server, owner)
      .post(`/admin/users/${member.id}/require-password-rotation`)
      .expect(204);
    // Asking twice records it once.
    await as(stack.server, owner)
      .post(`/admin/users/${member.id}/require-password-rotation`)
      .expect(204);
    const events = await streamEvents(stack.database.db, `user-${member.id}`);
    expect(events.filter((e) => e.type === 'PasswordRotationRequired')).toHaveLength(1);

    const session = await as(stack.server, member).get('/auth/session').expect(200);
    expect(session.body.passwordRotationRequired).toBe(true);
    const blocked = await as(stack.server, member).get('/me/badges');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('password_rotation_required');

    await change(member, { currentPassword: member.password, newPassword: NEW_PASSWORD }).expect(
      200,
    );
    const again = await secondSession({ ...member, password: NEW_PASSWORD });
    const cleared = await as(stack.server, again).get('/auth/session').expect(200);
    expect(cleared.body.passwordRotationRequired).toBe(false);
    await as(stack.server, again).get('/me/badges').expect(200);
  });

  it('answers 404 for an unknown member', async () => {
    const owner = await signUp(stack.server);
    await request(stack.server.url)
      .post(`/api/test/users/${owner.id}/role`)
      .send({ role: 'owner' })
      .expect(204);
    await as(stack.server, owner)
      .post('/admin/users/00000000-0000-4000-8000-000000000000/require-password-rotation')
      .expect(404);
  });

  it('requires rotation of a password older than the configured maximum age', async () => {
    const aged = await startTestServer(stack.database.url, {
      env: { PASSWORD_MAX_AGE_DAYS: '30' },
    });
    try {
      const member = await signUp(aged);
      const fresh = await as(aged, member).get('/auth/session').expect(200);
      expect(fresh.body.passwordRotationRequired).toBe(false);
      await stack.database.db
        .updateTable('password_state')
        .set({ changed_at: new Date(Date.now() - 31 * 86_400_000) })
        .where('user_id', '=', member.id)
        .execute();
      const old = await as(aged, member).get('/auth/session').expect(200);
      expect(old.body.passwordRotationRequired).toBe(true);
      await as(aged, member).get('/me/badges').expect(403);
      // The same member on a server with no maximum is not held.
      await as(stack.server, member).get('/me/badges').expect(200);

      await as(aged, member)
        .post('/me/password', { currentPassword: member.password, newPassword: NEW_PASSWORD })
        .expect(200);
      const renewed = await secondSession({ ...member, password: NEW_PASSWORD });
      await as(aged, renewed).get('/me/badges').expect(200);
    } finally {
      await aged.close();
    }
  });
});
