import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { Badges } from '../../shared/badges';
import { CALENDAR_SOCKET_EVENTS, type EventChangedPayload } from '../../shared/calendar';
import {
  COMMUNITY_SOCKET_EVENTS,
  type Community,
  type CommunityChangedPayload,
} from '../../shared/communities';
import {
  COMMUNITY_CONTENT_SOCKET_EVENTS,
  type DiscussionPayload,
} from '../../shared/community-content/live';
import type { Post } from '../../shared/posts';
import {
  profileLiveEvents,
  type MemberSettings,
  type ProfileStatsPayload,
} from '../../shared/profiles';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { Conversation } from '../../shared/social';
import { eventBody } from '../support/calendar-fixture';
import { communityOf } from '../support/communities';
import {
  as,
  badgesOf,
  befriend,
  signUpMembers,
  startConversation,
  type TestMember,
} from '../support/factories';
import { connectAs, useServerWithDatabase } from '../support/test-server';

/**
 * Every live update reaches the sockets of the screens it is for within 500 ms of the request
 * that made it, on an idle machine well within (around a tenth of that here). Each kind is timed
 * from the moment its request is sent until the last push the screen needs has arrived, over
 * `ROUNDS` rounds after one to warm up, and the median is held to the budget, so one scheduling
 * hiccup of a busy machine does not fail it while a batching window, a poll or a missing push
 * does (the push never arrives: the wait gives up at `GIVE_UP_MS`).
 */
const BUDGET_MS = 500;
const ROUNDS = 3;
const GIVE_UP_MS = 3000;

jest.setTimeout(120_000);

const stack = useServerWithDatabase();
const api = (member: TestMember) => as(stack.server, member);

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function socketOf(member: TestMember): Promise<Socket> {
  const socket = await connectAs(stack.server, member);
  sockets.push(socket);
  return socket;
}

/** When the first `event` that `accept` takes arrives (ms, `performance.now()`), or Infinity. */
function arrival<T>(socket: Socket, event: string, accept: (value: T) => boolean) {
  return new Promise<number>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      resolve(Infinity);
    }, GIVE_UP_MS);
    const listener = (value: T) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(performance.now());
    };
    socket.on(event, listener);
  });
}

/** How long from sending the request until every push the screen needs has arrived. */
async function timed(
  pushes: () => Promise<number>[],
  request: () => PromiseLike<unknown>,
): Promise<number> {
  const arrivals = pushes();
  const sent = performance.now();
  await request();
  return Math.max(...(await Promise.all(arrivals))) - sent;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Times one kind of update over the rounds, and holds its median to the budget. */
async function expectLive(round: (n: number) => Promise<number>): Promise<void> {
  await round(0);
  const times: number[] = [];
  for (let n = 1; n <= ROUNDS; n += 1) times.push(await round(n));
  expect(median(times)).toBeLessThanOrEqual(BUDGET_MS);
}

let ana: TestMember;
let bo: TestMember;
let communityId: string;

beforeAll(async () => {
  [ana, bo] = await signUpMembers(stack.server, 2);
  await befriend(stack.server, ana, bo);
  communityId = await communityOf(stack.server, 'public', ana, [{ member: bo }]);
});

const statsOf = async (member: TestMember) =>
  ((await api(member).get(`/communities/${communityId}`).expect(200)).body as Community).stats;

describe('live updates arrive within 500 ms', () => {
  it('a new discussion, with its count, on another member’s open hub', async () => {
    const hub = await socketOf(bo);
    await hub.emitWithAck(COMMUNITY_SOCKET_EVENTS.watch, { communityIds: [communityId] });
    await expectLive(async (n) => {
      const title = `Topic ${n}`;
      const count = (await statsOf(bo)).discussions + 1;
      return timed(
        () => [
          arrival<DiscussionPayload>(
            hub,
            COMMUNITY_CONTENT_SOCKET_EVENTS.discussion,
            (p) => p.discussion.title === title,
          ),
          arrival<CommunityChangedPayload>(
            hub,
            COMMUNITY_SOCKET_EVENTS.changed,
            (p) => p.stats.discussions === count,
          ),
        ],
        () =>
          api(ana)
            .post(`/communities/${communityId}/discussions`, { title, content: 'Let us talk' })
            .expect(201),
      );
    });
  });

  it('a new event, with its count, on another member’s open hub', async () => {
    const hub = await socketOf(bo);
    await hub.emitWithAck(COMMUNITY_SOCKET_EVENTS.watch, { communityIds: [communityId] });
    await expectLive(async (n) => {
      const count = (await statsOf(bo)).events + 1;
      return timed(
        () => [
          arrival<EventChangedPayload>(
            hub,
            CALENDAR_SOCKET_EVENTS.created,
            (p) => p.communityId === communityId,
          ),
          arrival<CommunityChangedPayload>(
            hub,
            COMMUNITY_SOCKET_EVENTS.changed,
            (p) => p.stats.events === count,
          ),
        ],
        () =>
          api(ana)
            .post('/events', eventBody({ title: `Event ${n}`, communityId }))
            .expect(201),
      );
    });
  });

  it('a follow, on the followed member’s open profile', async () => {
    const profile = await socketOf(ana);
    await profile.emitWithAck(profileLiveEvents.watch, { userIds: [ana.id] });
    await expectLive(async () => {
      const took = await timed(
        () => [
          arrival<ProfileStatsPayload>(
            profile,
            profileLiveEvents.stats,
            (p) => p.userId === ana.id && p.stats.followers === 1,
          ),
        ],
        () => api(bo).post(`/users/${ana.id}/follow`).expect(200),
      );
      await api(bo).delete(`/users/${ana.id}/follow`).expect(200);
      return took;
    });
  });

  it('a theme change, in the member’s other tab', async () => {
    const otherTab = await socketOf(ana);
    await expectLive(async (n) => {
      const theme = n % 2 === 0 ? 'dark' : 'light';
      return timed(
        () => [
          arrival<MemberSettings>(
            otherTab,
            profileLiveEvents.settings,
            (s) => s.appearance.theme === theme,
          ),
        ],
        () => api(ana).patch('/me/settings', { appearance: { theme } }).expect(200),
      );
    });
  });

  it('a read receipt, to the sender', async () => {
    const sender = await socketOf(ana);
    const conversation = await startConversation(stack.server, ana, bo);
    await expectLive(async (n) => {
      const sent = await api(ana)
        .post(`/conversations/${conversation.id}/messages`, { content: `Hello ${n}` })
        .expect(201);
      const message = (sent.body as { message: { id: string; seq: number } }).message;
      return timed(
        () => [
          arrival<{ conversation: Conversation }>(
            sender,
            SOCKET_EVENTS.conversationUpdated,
            (p) => p.conversation.contactReadSeq >= message.seq,
          ),
        ],
        () =>
          api(bo)
            .post(`/conversations/${conversation.id}/read`, { upToMessageId: message.id })
            .expect(200),
      );
    });
  });

  it('a notification badge, to the member notified', async () => {
    const recipient = await socketOf(bo);
    await expectLive(async (n) => {
      const post = (
        await api(bo)
          .post('/posts', { title: `Post ${n}`, content: 'Some words', status: 'published' })
          .expect(201)
      ).body as Post;
      const count = (await badgesOf(stack.server, bo)).notifications + 1;
      return timed(
        () => [arrival<Badges>(recipient, SOCKET_EVENTS.badges, (b) => b.notifications === count)],
        () => api(ana).post(`/posts/${post.id}/like`).expect(200),
      );
    });
  });
});
