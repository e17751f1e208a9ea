import { createECDH } from 'node:crypto';
import request from 'supertest';
import type { PushSubscriptionList, PushSubscriptionView } from '../../shared/push';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { Notification, NotificationsPage } from '../../shared/social/notifications';
import { eventually } from '../support/eventually';
import {
  as,
  rowCounts,
  sendFriendRequest,
  signUp,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { VapidKeyStore } from '../../server/domains/push/vapid-keys';
import { rebuild } from '../support/model';
import {
  decryptPush,
  newBrowserKeys,
  startPushService,
  verifyVapid,
  type BrowserKeys,
} from '../support/push-service';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

/**
 * Web Push end to end: a push service on loopback (the one http origin the server may reach,
 * `WEB_PUSH_TEST_ORIGIN`), browsers' keys made here, and each push decrypted as a browser would.
 * Endpoints under `/gone/` answer 410 Gone, as a push service does for an expired subscription.
 */
const env: Record<string, string> = { PUSH_WORKER: 'true', PUSH_RETRY_BASE_MS: '200' };
let service: Awaited<ReturnType<typeof startPushService>>;
/** Endpoints under `/busy/` answer 503 Service Unavailable to their first push. */
const refusedOnce = new Set<string>();

beforeAll(async () => {
  service = await startPushService((path) => {
    if (path.startsWith('/gone/')) return 410;
    if (path.startsWith('/busy/') && !refusedOnce.has(path)) {
      refusedOnce.add(path);
      return 503;
    }
    return 201;
  });
  env.WEB_PUSH_TEST_ORIGIN = service.origin;
});
const stack = useServerWithDatabase({ env });
afterAll(() => service.close());

const db = () => stack.database.db;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function subscribe(
  member: TestMember,
  endpoint: string,
  keys: BrowserKeys,
  userAgent = CHROME_LINUX,
) {
  return request(stack.server.url)
    .put('/api/me/push-subscriptions')
    .set('cookie', member.cookie)
    .set('user-agent', userAgent)
    .send({ endpoint, expirationTime: null, keys: keys.json });
}

async function listOf(member: TestMember): Promise<PushSubscriptionList> {
  return (await as(stack.server, member).get('/me/push-subscriptions').expect(200))
    .body as PushSubscriptionList;
}

async function latestNotification(member: TestMember): Promise<Notification> {
  const page = (await as(stack.server, member).get('/notifications').expect(200))
    .body as NotificationsPage;
  return page.notifications[0]!;
}

const pushesTo = (path: string) => service.received.filter((push) => push.path === path);

describe('Web Push', () => {
  it('delivers a notification to an offline member, encrypted to their browser and VAPID-signed', async () => {
    const [ana, bo] = [await signUp(stack.server), await signUp(stack.server)];
    const keys = newBrowserKeys();
    const endpoint = service.url(`/ok/${bo.id}`);
    const res = await subscribe(bo, endpoint, keys).expect(200);
    const subscription = (res.body as { subscription: PushSubscriptionView }).subscription;
    expect(subscription.device).toBe('Chrome on Linux');

    await sendFriendRequest(stack.server, ana, bo);
    const [push] = await eventually(
      async () => pushesTo(`/ok/${bo.id}`),
      (pushes) => pushes.length > 0,
    );
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = await listOf(bo);
    const vapid = verifyVapid(push!.headers.authorization, `http://${service.origin}`);
    expect(vapid.key).toBe(publicKey);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);

    const payload = JSON.parse(decryptPush(push!.body, keys)) as Record<string, unknown>;
    const notification = await latestNotification(bo);
    expect(payload).toEqual({
      title: notification.title,
      body: notification.content,
      url: notification.actionUrl,
    });
    expect(payload.title).toContain(ana.username);

    const sent = await eventually(
      () =>
        db()
          .selectFrom('push_outbox')
          .selectAll()
          .where('subscription_id', '=', subscription.id)
          .execute(),
      (rows) => rows.length === 1 && rows[0]!.status === 'sent',
    );
    expect(sent[0]!.attempts).toBe(1);
    const [listed] = (await listOf(bo)).subscriptions;
    expect(Date.parse(listed!.lastUsedAt)).toBeGreaterThanOrEqual(
      Date.parse(subscription.lastUsedAt),
    );
  });

  it('removes a subscription whose push service answers 410 Gone', async () => {
    const [ana, cy] = [await signUp(stack.server), await signUp(stack.server)];
    const keys = newBrowserKeys();
    const res = await subscribe(cy, service.url(`/gone/${cy.id}`), keys).expect(200);
    const { id } = (res.body as { subscription: PushSubscriptionView }).subscription;

    await sendFriendRequest(stack.server, ana, cy);
    await eventually(
      async () => pushesTo(`/gone/${cy.id}`),
      (pushes) => pushes.length > 0,
    );
    const list = await eventually(
      () => listOf(cy),
      (found) => found.subscriptions.length === 0,
    );
    expect(list.subscriptions).toEqual([]);
    const events = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', `push-subscriptions-${cy.id}`)
      .orderBy('stream_version')
      .execute();
    expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['PushSubscribed', undefined],
      ['PushUnsubscribed', 'expired'],
    ]);
    expect(
      await db().selectFrom('push_outbox').select('id').where('subscription_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('push_endpoints')
        .select('endpoint')
        .where('subscription_id', '=', id)
        .execute(),
    ).toEqual([]);
  });

  it('tries again after a push service’s 5xx, after the backoff, and delivers the same push', async () => {
    const [ana, jo] = [await signUp(stack.server), await signUp(stack.server)];
    const keys = newBrowserKeys();
    const res = await subscribe(jo, service.url(`/busy/${jo.id}`), keys).expect(200);
    const { id } = (res.body as { subscription: PushSubscriptionView }).subscription;

    await sendFriendRequest(stack.server, ana, jo);
    const pushes = await eventually(
      async () => pushesTo(`/busy/${jo.id}`),
      (found) => found.length === 2,
    );
    expect(decryptPush(pushes[1]!.body, keys)).toBe(decryptPush(pushes[0]!.body, keys));
    const [row] = await eventually(
      () => db().selectFrom('push_outbox').selectAll().where('subscription_id', '=', id).execute(),
      (rows) => rows[0]?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(row!.updated_at.getTime() - row!.created_at.getTime()).toBeGreaterThanOrEqual(200);
  });

  it('pushes nothing to a member with a socket open, or with push turned off', async () => {
    const [ana, di, ed, fay] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    const subscriptionOf = async (member: TestMember) =>
      (
        (await subscribe(member, service.url(`/ok/${member.id}`), newBrowserKeys()).expect(200))
          .body as { subscription: PushSubscriptionView }
      ).subscription.id;
    const quiet = [await subscriptionOf(di), await subscriptionOf(ed)];
    await subscriptionOf(fay);
    await as(stack.server, ed)
      .patch('/me/settings', { notifications: { push: false } })
      .expect(200);
    const socket = await connectAs(stack.server, di);
    try {
      await eventually(
        () =>
          db()
            .selectFrom('socket_presence')
            .select('socket_id')
            .where('user_id', '=', di.id)
            .execute(),
        (rows) => rows.length > 0,
      );
      const shown = waitForEvent(socket, SOCKET_EVENTS.notification);
      await sendFriendRequest(stack.server, ana, di);
      await sendFriendRequest(stack.server, ana, ed);
      await shown;
      // Fay's, raised last, is judged with or after theirs: once it is delivered, theirs would be queued.
      await sendFriendRequest(stack.server, ana, fay);
      await eventually(
        async () => pushesTo(`/ok/${fay.id}`),
        (pushes) => pushes.length > 0,
      );
    } finally {
      socket.close();
    }
    expect(
      await db()
        .selectFrom('push_outbox')
        .select('id')
        .where('subscription_id', 'in', quiet)
        .execute(),
    ).toEqual([]);
    expect([...pushesTo(`/ok/${di.id}`), ...pushesTo(`/ok/${ed.id}`)]).toEqual([]);
  });

  it('keeps one subscription per browser, lists it with its name, and removes it', async () => {
    const [gus, hal] = [await signUp(stack.server), await signUp(stack.server)];
    const keys = newBrowserKeys();
    const endpoint = service.url(`/ok/${gus.id}-laptop`);
    const first = (await subscribe(gus, endpoint, keys).expect(200)).body as {
      subscription: PushSubscriptionView;
    };
    const again = (await subscribe(gus, endpoint, newBrowserKeys()).expect(200)).body as {
      subscription: PushSubscriptionView;
    };
    expect(again.subscription.id).toBe(first.subscription.id);
    const firefox = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
    await subscribe(gus, service.url(`/ok/${gus.id}-phone`), newBrowserKeys(), firefox).expect(200);
    const list = await listOf(gus);
    expect(list.subscriptions.map((s) => s.device).sort()).toEqual([
      'Chrome on Linux',
      'Firefox on Android',
    ]);
    expect(list.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    // Another member's subscription reads as one that does not exist.
    await as(stack.server, hal)
      .delete(`/me/push-subscriptions/${first.subscription.id}`)
      .expect(404);
    await as(stack.server, gus)
      .delete(`/me/push-subscriptions/${first.subscription.id}`)
      .expect(204);
    await as(stack.server, gus)
      .delete(`/me/push-subscriptions/${first.subscription.id}`)
      .expect(404);
    expect((await listOf(gus)).subscriptions.map((s) => s.device)).toEqual(['Firefox on Android']);

    // The same browser signed in as another member: the endpoint passes to them.
    const phone = service.url(`/ok/${gus.id}-phone`);
    await subscribe(hal, phone, newBrowserKeys(), firefox).expect(200);
    expect((await listOf(gus)).subscriptions).toEqual([]);
    expect((await listOf(hal)).subscriptions.map((s) => s.device)).toEqual(['Firefox on Android']);
  });

  it('refuses endpoints it may not reach and keys that are not keys, writing nothing', async () => {
    const ivy = await signUp(stack.server);
    const before = await rowCounts(db(), ['events', 'push_subscriptions', 'push_endpoints']);
    const keys = newBrowserKeys();
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'ftp://push.example/x',
      'https://u:p@push.example/x',
    ]) {
      const res = await subscribe(ivy, endpoint, keys).expect(400);
      expect(res.body.error.fields).toHaveProperty('endpoint');
    }
    await request(stack.server.url)
      .put('/api/me/push-subscriptions')
      .set('cookie', ivy.cookie)
      .send({ endpoint: 'https://push.example/x', keys: { p256dh: 'abc', auth: keys.json.auth } })
      .expect(400);
    await request(stack.server.url)
      .put('/api/me/push-subscriptions')
      .send({ endpoint: 'https://push.example/x', keys: keys.json })
      .expect(401);
    expect(await rowCounts(db(), ['events', 'push_subscriptions', 'push_endpoints'])).toEqual(
      before,
    );
  });

  it('keeps the VAPID keys the first server made, and signs with configured ones instead', async () => {
    const member = await signUp(stack.server);
    const served = (await listOf(member)).publicKey;
    const unset = {
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
      publicUrl: 'https://agora.example',
    };
    // Another server starting on the same database, and the same one restarting, find them.
    for (let start = 0; start < 2; start++) {
      const store = new VapidKeyStore();
      await store.load(db(), unset);
      expect(store.current).toMatchObject({ publicKey: served, subject: 'https://agora.example' });
    }
    const stored = await db()
      .selectFrom('server_secrets')
      .selectAll()
      .where('name', '=', 'vapid')
      .execute();
    expect(stored).toHaveLength(1);

    const pair = createECDH('prime256v1');
    pair.generateKeys();
    const given = {
      publicKey: pair.getPublicKey().toString('base64url'),
      privateKey: pair.getPrivateKey().toString('base64url'),
    };
    const configured = new VapidKeyStore();
    await configured.load(db(), {
      ...unset,
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
      VAPID_SUBJECT: 'mailto:ops@agora.example',
    });
    expect(configured.current).toEqual({ ...given, subject: 'mailto:ops@agora.example' });
    expect(
      await db().selectFrom('server_secrets').selectAll().where('name', '=', 'vapid').execute(),
    ).toEqual(stored);
  });

  it('rebuilds the subscriptions from the log as they are', async () => {
    const before = await snapshotReadModels(db(), ['push_subscriptions']);
    await rebuild(db());
    expect(await snapshotReadModels(db(), ['push_subscriptions'])).toEqual(before);
  });
});
