import request from 'supertest';
import { authErrorMessages } from '../../shared/auth/messages';
import { emailVerificationMessages } from '../../shared/ops/email';
import { profileLiveEvents, profileMessages, type MemberSettings } from '../../shared/profiles';
import {
  as,
  countEvents,
  queuedEmail,
  queuedEmails,
  sendFriendRequest,
  signIn,
  signUp,
  streamEvents,
} from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;

const DEFAULTS: MemberSettings = {
  notifications: { email: true, push: true, sms: false, marketing: false },
  appearance: { theme: 'system', fontSize: 'medium' },
  version: 0,
};

describe('GET and PATCH /me/settings', () => {
  it('answers the defaults, then each change with the version it gives', async () => {
    const ana = await signUp(stack.server);
    const api = as(stack.server, ana);
    expect((await api.get('/me/settings').expect(200)).body).toEqual(DEFAULTS);

    const changed = await api
      .patch('/me/settings', { appearance: { theme: 'dark' }, notifications: { sms: true } })
      .expect(200);
    expect(changed.body).toEqual({
      notifications: { ...DEFAULTS.notifications, sms: true },
      appearance: { theme: 'dark', fontSize: 'medium' },
      version: 1,
    });
    const second = await api
      .patch('/me/settings', { appearance: { fontSize: 'large' } })
      .expect(200);
    expect(second.body.appearance).toEqual({ theme: 'dark', fontSize: 'large' });
    expect(second.body.version).toBe(2);
    expect((await api.get('/me/settings').expect(200)).body).toEqual(second.body);
  });

  it('appends nothing when nothing changes', async () => {
    const ana = await signUp(stack.server);
    const api = as(stack.server, ana);
    await api.patch('/me/settings', { notifications: { push: false } }).expect(200);
    const events = await countEvents(db());
    const same = await api
      .patch('/me/settings', { notifications: { push: false }, appearance: { theme: 'system' } })
      .expect(200);
    expect(same.body.version).toBe(1);
    expect(await countEvents(db())).toBe(events);
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const ana = await signUp(stack.server);
    const api = as(stack.server, ana);
    const events = await countEvents(db());
    for (const body of [
      {},
      { appearance: { theme: 'purple' } },
      { appearance: { fontSize: 'huge' } },
      { notifications: { email: 'no' } },
      { notifications: { fax: true } },
      { language: 'fr' },
    ]) {
      const res = await api.patch('/me/settings', body).expect(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect(await countEvents(db())).toBe(events);
    expect((await api.get('/me/settings').expect(200)).body).toEqual(DEFAULTS);
  });

  it('answers 401 to a visitor', async () => {
    await request(stack.server.url).get('/api/me/settings').expect(401);
    await request(stack.server.url)
      .patch('/api/me/settings')
      .send({ appearance: { theme: 'dark' } })
      .expect(401);
  });

  it("pushes the new settings to the member's other sockets, and to nobody else", async () => {
    const ana = await signUp(stack.server);
    const ben = await signUp(stack.server);
    const [first, second, other] = await Promise.all([
      connectAs(stack.server, ana),
      connectAs(stack.server, ana),
      connectAs(stack.server, ben),
    ]);
    const heardByOther: unknown[] = [];
    other.on(profileLiveEvents.settings, (payload: unknown) => heardByOther.push(payload));
    try {
      const pushed = Promise.all(
        [first, second].map((socket) =>
          waitForEvent<MemberSettings>(socket, profileLiveEvents.settings, (s) => s.version === 1),
        ),
      );
      const res = await as(stack.server, ana)
        .patch('/me/settings', { appearance: { fontSize: 'small' } })
        .expect(200);
      expect(await pushed).toEqual([res.body, res.body]);
      // Ben changes his own: his push arriving after Ana's proves hers never went to him.
      const his = waitForEvent<MemberSettings>(other, profileLiveEvents.settings);
      await as(stack.server, ben).patch('/me/settings', { appearance: { theme: 'light' } });
      expect((await his).appearance.theme).toBe('light');
      expect(heardByOther).toHaveLength(1);
    } finally {
      for (const socket of [first, second, other]) socket.disconnect();
    }
  });

  it('is rebuilt from the log as it was', async () => {
    const ana = await signUp(stack.server);
    await as(stack.server, ana).patch('/me/settings', { notifications: { email: false } });
    await as(stack.server, ana).patch('/me/settings', { appearance: { theme: 'dark' } });
    const before = await db()
      .selectFrom('member_settings')
      .selectAll()
      .orderBy('user_id')
      .execute();
    await rebuild(db());
    const after = await db().selectFrom('member_settings').selectAll().orderBy('user_id').execute();
    expect(after).toEqual(before);
    expect(after.find((row) => row.user_id === ana.id)).toMatchObject({
      email_notifications: false,
      theme: 'dark',
      version: 2,
    });
  });
});

describe('the settings are obeyed', () => {
  it('sends no notification email to a member whose email switch is off', async () => {
    const [ana, ben, cat] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    await as(stack.server, ana)
      .patch('/me/settings', { notifications: { email: false } })
      .expect(200);
    await sendFriendRequest(stack.server, ben, ana);
    await sendFriendRequest(stack.server, ben, cat);
    // Cat's switch is on: the same request emails her, so only the switch kept Ana's away.
    expect(await queuedEmail(db(), cat.email, 'Friend Request')).toBeTruthy();
    expect(await queuedEmails(db(), ana.email, 'Friend Request')).toEqual([]);
    // The notification itself is still stored and counted.
    const notifications = await as(stack.server, ana).get('/notifications').expect(200);
    expect(notifications.body.notifications).toHaveLength(1);
  });

  it("refuses an operator's marketing email to a member who has not agreed to it", async () => {
    const owner = await signUp(stack.server);
    await request(stack.server.url)
      .post(`/api/test/users/${owner.id}/role`)
      .send({ role: 'owner' })
      .expect(204);
    const ana = await signUp(stack.server);
    const newsletter = {
      recipient: ana.email,
      template: 'Newsletter',
      data: { newsletterTitle: 'News', newsletterContent: 'C', unsubscribeUrl: 'http://u' },
    };
    const refused = await as(stack.server, owner).post('/email/send', newsletter).expect(400);
    expect(refused.body.error.fields.recipient).toBe(profileMessages.marketingDeclined);
    expect(await queuedEmails(db(), ana.email, 'Newsletter')).toEqual([]);
    await as(stack.server, ana).patch('/me/settings', { notifications: { marketing: true } });
    await as(stack.server, owner).post('/email/send', newsletter).expect(201);
    expect(await queuedEmails(db(), ana.email, 'Newsletter')).toHaveLength(1);
  });
});

describe('changing the email address', () => {
  async function changeToken(email: string) {
    const mail = await queuedEmail(db(), email, 'Email Verification');
    const url = new URL(mail.data.verificationUrl!);
    expect(url.pathname).toBe('/confirm-email');
    return url.searchParams.get('token')!;
  }
  const confirm = (token: string) =>
    request(stack.server.url).post('/api/me/email/confirm').send({ token });

  it('sends the verification email to the new address and moves only when it is followed', async () => {
    const ana = await signUp(stack.server);
    const newEmail = `new_${ana.username}@example.org`;
    const res = await as(stack.server, ana)
      .post('/me/email', { email: newEmail, password: ana.password })
      .expect(200);
    expect(res.body.message).toBe(profileMessages.emailChangeSent);
    const token = await changeToken(newEmail);

    // Until the link is followed the old address stays, for signing in too.
    const session = () => as(stack.server, ana).get('/auth/session').expect(200);
    expect((await session()).body.email).toBe(ana.email);
    await signIn(stack.server, { email: newEmail, password: ana.password }).expect(404);

    expect((await confirm(token).expect(200)).body.message).toBe(profileMessages.emailChanged);
    expect((await session()).body).toMatchObject({ email: newEmail, emailVerified: true });
    await signIn(stack.server, { email: newEmail, password: ana.password }).expect(200);
    await signIn(stack.server, { email: ana.email, password: ana.password }).expect(404);

    // The link works once.
    const again = await confirm(token).expect(400);
    expect(again.body.error.message).toBe(emailVerificationMessages.invalid);
    const types = (await streamEvents(db(), `user-${ana.id}`)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['EmailChangeRequested', 'EmailChanged']));
  });

  it("refuses another member's address with the sign-up text, and writes nothing", async () => {
    const ana = await signUp(stack.server);
    const ben = await signUp(stack.server);
    const events = await countEvents(db());
    const res = await as(stack.server, ana)
      .post('/me/email', { email: ben.email.toUpperCase(), password: ana.password })
      .expect(409);
    expect(res.body.error.message).toBe(authErrorMessages['email-already-in-use']);
    expect(await countEvents(db())).toBe(events);
    expect(await queuedEmails(db(), ben.email.toUpperCase(), 'Email Verification')).toEqual([]);
  });

  it('refuses at confirmation an address taken since the request', async () => {
    const ana = await signUp(stack.server);
    const wanted = `taken_${ana.username}@example.org`;
    await as(stack.server, ana)
      .post('/me/email', { email: wanted, password: ana.password })
      .expect(200);
    const token = await changeToken(wanted);
    await request(stack.server.url)
      .post('/api/auth/sign-up')
      .send({ username: `t${ana.username}`.slice(0, 30), email: wanted, password: 'Secret123' })
      .expect(201);
    const res = await confirm(token).expect(409);
    expect(res.body.error.message).toBe(authErrorMessages['email-already-in-use']);
    expect((await as(stack.server, ana).get('/auth/session').expect(200)).body.email).toBe(
      ana.email,
    );
  });

  it('refuses a wrong password, the current address and bad input, writing nothing', async () => {
    const ana = await signUp(stack.server);
    const api = as(stack.server, ana);
    const events = await countEvents(db());
    const wrong = await api
      .post('/me/email', { email: 'someone@example.org', password: 'Wrong1234' })
      .expect(400);
    expect(wrong.body.error.fields.password).toBe(authErrorMessages['wrong-password']);
    const same = await api
      .post('/me/email', { email: ana.email, password: ana.password })
      .expect(400);
    expect(same.body.error.fields.email).toBe(profileMessages.emailUnchanged);
    await api.post('/me/email', { email: 'not-an-address', password: ana.password }).expect(400);
    await api.post('/me/email', { email: 'x@example.org' }).expect(400);
    await confirm('no-such-token').expect(400);
    expect(await countEvents(db())).toBe(events);
    await request(stack.server.url)
      .post('/api/me/email')
      .send({ email: 'x@example.org', password: 'x' })
      .expect(401);
  });

  it('voids an older link when a newer one is sent', async () => {
    const ana = await signUp(stack.server);
    const first = `first_${ana.username}@example.org`;
    const second = `second_${ana.username}@example.org`;
    await as(stack.server, ana)
      .post('/me/email', { email: first, password: ana.password })
      .expect(200);
    const old = await changeToken(first);
    await as(stack.server, ana)
      .post('/me/email', { email: second, password: ana.password })
      .expect(200);
    await confirm(old).expect(400);
    await confirm(await changeToken(second)).expect(200);
    expect((await as(stack.server, ana).get('/auth/session').expect(200)).body.email).toBe(second);
  });
});
