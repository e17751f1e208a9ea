import { subscribePush, unsubscribePush } from '../../server/domains/push/commands';
import { deviceName } from '../../server/domains/push/device-name';
import { endpointAllowed } from '../../server/domains/push/push-endpoint';
import {
  PUSH_BODY_MAX,
  PUSH_FALLBACK_URL,
  PUSH_TITLE_MAX,
  pushPayload,
} from '../../server/domains/push/push-payload';
import { planPushes, raisedBy } from '../../server/domains/push/push-plan';
import { outcomeOf } from '../../server/domains/push/push-transport';
import {
  pushMessages as m,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  pushSubscriptionRequestSchema,
} from '../../shared/push';
import type { NotificationIntent } from '../../server/core/meanings';
import { ANA, BEN, decide, refusal, refusedAs } from './support/decide';

const intent = (recipientId: string, sourceKey: string, type = 'post_liked'): NotificationIntent =>
  ({
    recipientId,
    actorId: BEN,
    type,
    sourceKey,
    actionUrl: '/posts/p',
    actionData: {},
    message: null,
  }) as NotificationIntent;

describe('which pushes a batch of events queues', () => {
  const row = (id: string, userId: string, sourceKey: string, read = false) => ({
    id,
    user_id: userId,
    type: 'post_liked',
    source_key: sourceKey,
    read,
  });

  it('groups as the in-app list does: one push per browser and notification, at the newest event', () => {
    const raised = raisedBy([
      { globalPosition: 10, intents: [intent(ANA, 'post-1')] },
      { globalPosition: 12, intents: [intent(ANA, 'post-1')] },
      { globalPosition: 11, intents: [intent(ANA, 'post-2')] },
    ]);
    expect([...raised.values()].map((r) => [r.sourceKey, r.position])).toEqual([
      ['post-1', 12],
      ['post-2', 11],
    ]);
    // Both likes merged into one row, which now carries the key of the later one.
    const planned = planPushes(
      raised,
      [row('n-1', ANA, 'post-1'), row('n-2', ANA, 'post-2')],
      [
        { userId: ANA, subscriptionId: 'laptop' },
        { userId: ANA, subscriptionId: 'phone' },
      ],
    );
    expect(planned).toEqual([
      { subscriptionId: 'laptop', notificationId: 'n-1', position: 12 },
      { subscriptionId: 'phone', notificationId: 'n-1', position: 12 },
      { subscriptionId: 'laptop', notificationId: 'n-2', position: 11 },
      { subscriptionId: 'phone', notificationId: 'n-2', position: 11 },
    ]);
  });

  it('pushes nothing to members who cannot be reached, nor rows read or raised by something else', () => {
    const raised = raisedBy([{ globalPosition: 5, intents: [intent(ANA, 'a'), intent(BEN, 'b')] }]);
    expect(
      planPushes(
        raised,
        // Ana's row was regrouped by a later event (another key); Ben's is read already.
        [row('n-1', ANA, 'later'), row('n-2', BEN, 'b', true)],
        [
          { userId: ANA, subscriptionId: 's-ana' },
          { userId: BEN, subscriptionId: 's-ben' },
        ],
      ),
    ).toEqual([]);
    // Ben's browser is not among those reachable (a socket open, push off): nothing.
    expect(
      planPushes(raised, [row('n-3', BEN, 'b')], [{ userId: ANA, subscriptionId: 's' }]),
    ).toEqual([]);
    expect(raisedBy([{ globalPosition: 1, intents: [] }]).size).toBe(0);
  });
});

describe('the payload of a push', () => {
  it('is the notification’s title, text and link, nothing else', () => {
    expect(
      pushPayload({
        title: 'Ana and 2 others liked your post',
        content: 'Ana liked your post',
        actionUrl: '/posts/42',
      }),
    ).toEqual({
      title: 'Ana and 2 others liked your post',
      body: 'Ana liked your post',
      url: '/posts/42',
    });
  });

  it('is clipped to fit a push, by characters, and never links off the site', () => {
    const payload = pushPayload({
      title: '😀'.repeat(500),
      content: 'x'.repeat(5000),
      actionUrl: 'https://elsewhere.example/',
    });
    expect([...payload.title]).toHaveLength(PUSH_TITLE_MAX);
    expect(payload.title.endsWith('…')).toBe(true);
    expect([...payload.body]).toHaveLength(PUSH_BODY_MAX);
    expect(payload.url).toBe(PUSH_FALLBACK_URL);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(3000);
    for (const url of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(pushPayload({ title: 't', content: 'c', actionUrl: url }).url).toBe(PUSH_FALLBACK_URL);
    }
  });
});

describe('a push service’s answer', () => {
  it('is delivered on 2xx, gone on 404 and 410, retried on 429 and 5xx, refused otherwise', () => {
    expect(outcomeOf(201).status).toBe('sent');
    expect(outcomeOf(404).status).toBe('gone');
    expect(outcomeOf(410).status).toBe('gone');
    expect(outcomeOf(429).status).toBe('retry');
    expect(outcomeOf(503).status).toBe('retry');
    expect(outcomeOf(400).status).toBe('refused');
    expect(outcomeOf(413).status).toBe('refused');
  });
});

describe('a subscription’s endpoint and keys', () => {
  it('must be https, or plain http to the one test origin', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', undefined)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:9000/x', undefined)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9000/x', '127.0.0.1:9000')).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:9001/x', '127.0.0.1:9000')).toBe(false);
    expect(endpointAllowed('https://user:pw@push.example/x', undefined)).toBe(false);
    expect(endpointAllowed('not a url', undefined)).toBe(false);
  });

  it('are a 65-byte public key and a 16-byte secret, base64url', () => {
    const p256dh = Buffer.alloc(65, 4).toString('base64url');
    const auth = Buffer.alloc(16, 1).toString('base64url');
    const endpoint = 'https://push.example/x';
    expect(
      pushSubscriptionRequestSchema.safeParse({ endpoint, keys: { p256dh, auth } }).success,
    ).toBe(true);
    const short = Buffer.alloc(33).toString('base64url');
    expect(
      pushSubscriptionRequestSchema.safeParse({ endpoint, keys: { p256dh: short, auth } }).success,
    ).toBe(false);
    expect(
      pushSubscriptionRequestSchema.safeParse({ endpoint, keys: { p256dh, auth: p256dh } }).success,
    ).toBe(false);
  });
});

describe('the name a browser is listed by', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox on Android'],
    ['curl/8.5.0', 'Unknown browser'],
  ])('%s is %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });
});

describe('subscribing a browser', () => {
  const when = {
    userId: ANA,
    subscriptionId: '30000000-0000-4000-8000-000000000001',
    endpoint: 'https://push.example/1',
    p256dh: 'key',
    auth: 'secret',
    device: 'Firefox on Linux',
    now: new Date('2026-12-09T10:00:00Z'),
  };
  const given = { version: 2, holder: undefined, holderVersion: 0, count: 1 };

  it('appends the subscription with its device name, never its endpoint or keys', async () => {
    const decided = await decide(subscribePush, given, when);
    expect(decided.appends).toEqual([
      { streamId: `push-subscriptions-${ANA}`, expectedVersion: 2, types: ['PushSubscribed'] },
    ]);
    expect(decided.events[0]!.data).toEqual({
      userId: ANA,
      subscriptionId: when.subscriptionId,
      device: 'Firefox on Linux',
    });
    expect(JSON.stringify(decided.events)).not.toMatch(/push\.example|secret/);
    expect(decided.effects).toBe(1);
  });

  it('refreshes a browser already subscribed for the member, without an event', async () => {
    const holder = { subscription_id: 'old', user_id: ANA };
    const decided = await decide(subscribePush, { ...given, holder }, when);
    expect(decided.events).toEqual([]);
    expect(decided.effects).toBe(1);
    expect(decided.reply).toBe(true);
  });

  it('takes a browser over from another member, ending their subscription', async () => {
    const holder = { subscription_id: 'old', user_id: BEN };
    const decided = await decide(subscribePush, { ...given, holder, holderVersion: 4 }, when);
    expect(decided.appends).toEqual([
      { streamId: `push-subscriptions-${BEN}`, expectedVersion: 4, types: ['PushUnsubscribed'] },
      { streamId: `push-subscriptions-${ANA}`, expectedVersion: 2, types: ['PushSubscribed'] },
    ]);
    expect(decided.events[0]!.data).toEqual({
      userId: BEN,
      subscriptionId: 'old',
      reason: 'replaced',
    });
  });

  it('refuses a browser past the limit', async () => {
    expect(
      await refusal(subscribePush, { ...given, count: PUSH_SUBSCRIPTIONS_PER_MEMBER }, when),
    ).toEqual(
      refusedAs.conflict('push-limit-reached', m.limitReached(PUSH_SUBSCRIPTIONS_PER_MEMBER)),
    );
  });
});

describe('ending a subscription', () => {
  const when = { userId: ANA, subscriptionId: 's-1', reason: 'removed' as const };

  it('appends why it ended', async () => {
    const decided = await decide(unsubscribePush, { version: 3, found: { id: 's-1' } }, when);
    expect(decided.events).toEqual([
      { type: 'PushUnsubscribed', data: { userId: ANA, subscriptionId: 's-1', reason: 'removed' } },
    ]);
  });

  it('is a 404 to the member for one not theirs, and nothing to the worker', async () => {
    expect(await refusal(unsubscribePush, { version: 3, found: undefined }, when)).toEqual(
      refusedAs.notFound(m.notFound),
    );
    const expired = await decide(
      unsubscribePush,
      { version: 3, found: undefined },
      { ...when, reason: 'expired' },
    );
    expect(expired.events).toEqual([]);
  });
});
