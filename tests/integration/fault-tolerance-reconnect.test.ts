import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Badges } from '../../shared/badges';
import { SESSION_COOKIE } from '../../shared/constants';
import type { Conversation, Message } from '../../shared/social';
import { hashToken, randomToken } from '../../server/domains/auth/tokens';
import { eventually } from '../support/eventually';
import { registerDirectly } from '../support/factories';
import {
  api,
  apiExpect,
  MemberClient,
  NodeProcess,
  sameBadges,
  signUpMember,
  useNodesDatabase,
  type Member,
} from './fault-tolerance-support';

// Four process starts and 200 sockets; on a loaded 2-core machine this takes a few minutes.
jest.setTimeout(240_000);

const MEMBERS = 200;
/** Members the sender has a conversation with (messages and reads change their badges). */
const CHATTING = 40;
const ROUNDS = ['kill -9 and restart', 'network drop', 'graceful restart (SIGTERM)'] as const;

const database = useNodesDatabase();

/** `fn` over `items`, at most `width` at a time. */
async function inParallel<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/**
 * Members registered straight into the log, each with a session row as sign-in would write it:
 * 200 sign-ups through the API would spend most of the test hashing passwords.
 */
async function membersWithSessions(count: number): Promise<Member[]> {
  const ids = await registerDirectly(database().db, count, 'reconnect');
  const members = ids.map((id) => ({ id, username: id, token: randomToken() }));
  await database()
    .db.insertInto('sessions')
    .values(
      members.map(({ id, token }) => ({
        id: randomUUID(),
        token_hash: hashToken(token),
        user_id: id,
        remember_me: true,
        expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
      })),
    )
    .execute();
  return members.map(({ id, username, token }) => ({
    id,
    username,
    cookie: `${SESSION_COOKIE}=${token}`,
  }));
}

/** A request that failed on its connection (closed or reset under it), not with an answer. */
function connectionClosed(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return (
    error instanceof TypeError &&
    (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

/** Every member's badges as the read model holds them now, in one query. */
async function badgesInDatabase(ids: string[]): Promise<Map<string, Badges>> {
  const rows = await database()
    .db.selectFrom('badges')
    .selectAll()
    .where('user_id', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        notifications: row.notifications,
        messages: row.messages,
        friendRequests: row.friend_requests,
        version: row.version,
      },
    ]),
  );
}

it('200 sockets reconnecting at once, three rounds: every member ends with the badges the server has', async () => {
  // Sockets live on `live`, which each round takes away; commands go through `commands`, which
  // stays up, so badges keep changing while the sockets are gone and as they come back.
  // Started side by side: neither waits on the other.
  const [first, commands] = await Promise.all([
    NodeProcess.start(database().url),
    NodeProcess.start(database().url),
  ]);
  let live = first;
  const port = live.port;

  const sender = await signUpMember(commands.url, 'sender');
  const members = await membersWithSessions(MEMBERS);
  // The sender writes to some of them; the rest change through notifications only.
  const conversationOf = new Map<Member, string>();
  await inParallel(members.slice(0, CHATTING), 4, async (member) => {
    const res = await apiExpect<Conversation>(201, commands.url, sender, 'POST', '/conversations', {
      participantId: member.id,
    });
    conversationOf.set(member, res.id);
  });
  const chatting = [...conversationOf.keys()];
  const lastMessageTo = new Map<Member, string>();
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

  const notify = (member: Member) =>
    apiExpect(201, commands.url, null, 'POST', '/test/badge-events', {
      userId: member.id,
      counter: 'notifications',
    });
  const commandsOnRandomMembers: (() => Promise<unknown>)[] = [
    () => notify(pick(members)),
    async () => {
      const member = pick(chatting);
      const { message } = await apiExpect<{ message: Message }>(
        201,
        commands.url,
        sender,
        'POST',
        `/conversations/${conversationOf.get(member)}/messages`,
        { content: 'hello' },
      );
      lastMessageTo.set(member, message.id);
    },
    async () => {
      const member = pick(chatting);
      const upTo = lastMessageTo.get(member);
      if (!upTo) return;
      await apiExpect(
        200,
        commands.url,
        member,
        'POST',
        `/conversations/${conversationOf.get(member)}/read`,
        {
          upToMessageId: upTo,
        },
      );
    },
  ];

  /** Changes random members' badges until stopped: notifications, messages and reads. */
  const driveCommands = () => {
    let stopped = false;
    let done = 0;
    const errors: string[] = [];
    const lane = async () => {
      while (!stopped) {
        await pick(commandsOnRandomMembers)().then(
          () => (done += 1),
          (error: unknown) => {
            // `commands` stays up: a connection of the client's pool that it closed as idle just
            // as the lane reused it is the client's race, not an answer. Badges are compared with
            // the server's own at the end, so a command it may have taken changes nothing here.
            if (!connectionClosed(error)) errors.push(String(error));
          },
        );
      }
    };
    const lanes = Promise.all([lane(), lane()]);
    return {
      /** Resolves once `count` more commands have been answered. */
      more: (count: number) => {
        const target = done + count;
        return eventually(
          async () => done,
          (n) => n >= target || errors.length > 0,
          {
            attempts: 1200,
          },
        );
      },
      stop: async () => {
        stopped = true;
        await lanes;
        return errors;
      },
    };
  };

  const clients = members.map((member) => new MemberClient(member));
  await inParallel(clients, 20, (client) => client.connect(live.url, { reconnection: true }));

  for (const [round, disruption] of ROUNDS.entries()) {
    const driver = driveCommands();
    await driver.more(20);

    if (disruption === 'network drop') {
      // Every client's connection drops at once; the process stays up and remembers them.
      for (const client of clients) client.socket!.io.engine.close();
    } else {
      await live.kill(disruption === 'kill -9 and restart' ? 'SIGKILL' : 'SIGTERM');
      live = await NodeProcess.start(database().url, { port });
    }
    // All of them come back (retrying at the same moments) and load a snapshot.
    const back = await eventually(
      async () => clients.filter((c) => c.snapshots < round + 2 || !c.socket!.connected).length,
      (missing) => missing === 0,
      { attempts: 600, intervalMs: 50 },
    );
    expect({ round: disruption, notBack: back }).toEqual({ round: disruption, notBack: 0 });
    await driver.more(20);
    const errors = await driver.stop();
    expect({ round: disruption, errors }).toEqual({ round: disruption, errors: [] });

    // One more change for every member after it came back: what it holds now must have been
    // pushed to its new socket.
    await inParallel(members, 8, notify);

    const ids = members.map((m) => m.id);
    await eventually(
      () => badgesInDatabase(ids),
      (server) => clients.every((c) => sameBadges(c.lastPush, server.get(c.member.id)!)),
      { attempts: 200, intervalMs: 50 },
    );
    const wrong: { member: string; pushed: Badges | null; held: Badges | null; server: Badges }[] =
      [];
    await inParallel(clients, 10, async (client) => {
      const server = (await api<Badges>(commands.url, client.member, 'GET', '/me/badges')).body;
      if (!sameBadges(client.lastPush, server) || !sameBadges(client.badges, server)) {
        wrong.push({
          member: client.member.username,
          pushed: client.lastPush,
          held: client.badges,
          server,
        });
      }
    });
    expect({ round: disruption, wrong }).toEqual({ round: disruption, wrong: [] });
    // Each socket dropped and came back exactly once per round.
    const counts = clients
      .filter((c) => c.connects !== round + 2 || c.disconnects !== round + 1)
      .map((c) => ({ member: c.member.username, connects: c.connects, drops: c.disconnects }));
    expect({ round: disruption, counts }).toEqual({ round: disruption, counts: [] });
  }

  expect(clients.flatMap((c) => c.errors)).toEqual([]);
  for (const client of clients) client.close();
  await Promise.all([live.kill('SIGTERM'), commands.kill('SIGTERM')]);
});
