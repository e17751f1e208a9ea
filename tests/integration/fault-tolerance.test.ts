import { jest } from '@jest/globals';
import { sql } from 'kysely';
import type { Badges } from '../../shared/badges';
import type { Conversation, Message } from '../../shared/social';
import { useSmallPartitions } from '../support/event-partitions';
import { eventually } from '../support/eventually';
import {
  api,
  apiExpect,
  MemberClient,
  within,
  NodeProcess,
  sameBadges,
  signUpMember,
  useNodesDatabase,
  type Member,
} from './fault-tolerance-support';

// Real processes start (tsx compiles the server) several times per test.
jest.setTimeout(120_000);

const database = useNodesDatabase();

async function startConversation(url: string, from: Member, to: Member): Promise<string> {
  const res = await api<Conversation>(url, from, 'POST', '/conversations', {
    participantId: to.id,
  });
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`starting a conversation answered ${res.status}`);
  }
  return res.body.id;
}

function sendMessage(url: string, from: Member, conversationId: string, content: string) {
  return apiExpect<{ message: Message; conversation: Conversation }>(
    201,
    url,
    from,
    'POST',
    `/conversations/${conversationId}/messages`,
    { content },
  );
}

function badgesOf(url: string, member: Member): Promise<Badges> {
  return apiExpect<Badges>(200, url, member, 'GET', '/me/badges');
}

describe('kill -9 during a stream of sends', () => {
  // The log goes on in partitions of 50 positions, so the sends and the kills cross several
  // partition boundaries (made ahead by the processes' workers, including each restarted one).
  let partitionEnv: Record<string, string> = {};
  beforeAll(async () => {
    partitionEnv = await useSmallPartitions(database().db, 50, 4);
  });

  /**
   * What became of each planned send: answered 201 (with the message the server said it
   * stored), answered otherwise, or unanswered because the process died with it in flight.
   */
  type Outcome =
    | { kind: 'acknowledged'; message: Message }
    | { kind: 'refused'; status: number }
    | { kind: 'unanswered' };

  it('keeps every acknowledged send, loses or keeps only those in flight, and numbers them without gaps', async () => {
    const PLANNED = 240;
    const CONCURRENCY = 6;
    // The process is killed as the acknowledgements reach these counts, then started again.
    const KILL_AT = [50, 110, 170];

    let node = await NodeProcess.start(database().url, { env: partitionEnv });
    const a = await signUpMember(node.url);
    const b = await signUpMember(node.url);
    const conversationId = await startConversation(node.url, a, b);

    const outcomes = new Map<number, Outcome>();
    let next = 0;
    let acknowledged = 0;
    let inFlight = 0;
    const inFlightAtKill: number[] = [];

    for (let round = 0; round <= KILL_AT.length; round += 1) {
      const killAt = KILL_AT[round];
      let killing = false;
      const current = node;
      const worker = async () => {
        // No send starts once the kill is decided: every unanswered one was in flight at it.
        while (!killing && next < PLANNED) {
          const index = next;
          next += 1;
          const from = index % 2 === 0 ? a : b;
          inFlight += 1;
          try {
            const res = await api<{ message: Message }>(
              current.url,
              from,
              'POST',
              `/conversations/${conversationId}/messages`,
              { content: `send ${index}` },
            );
            outcomes.set(
              index,
              res.status === 201
                ? { kind: 'acknowledged', message: res.body.message }
                : { kind: 'refused', status: res.status },
            );
            if (res.status === 201) acknowledged += 1;
          } catch {
            outcomes.set(index, { kind: 'unanswered' });
          } finally {
            inFlight -= 1;
          }
          if (killAt !== undefined && !killing && acknowledged >= killAt) {
            killing = true;
            inFlightAtKill.push(inFlight);
            await current.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (killAt !== undefined) {
        node = await NodeProcess.start(database().url, { env: partitionEnv });
      }
    }

    // Nothing was refused: a refusal would hide a send the test means to count.
    const refused = [...outcomes].filter(([, outcome]) => outcome.kind === 'refused');
    expect(refused).toEqual([]);
    expect(outcomes.size).toBe(PLANNED);
    expect(inFlightAtKill).toHaveLength(KILL_AT.length);

    const stored = await database()
      .db.selectFrom('messages')
      .select(['id', 'seq', 'sender_id', 'content'])
      .where('conversation_id', '=', conversationId)
      .orderBy('seq')
      .execute();
    const indexOf = (content: string) => Number(/^send (\d+)$/.exec(content)![1]);

    // Numbered 1..n without a gap, and no send stored twice.
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_m, i) => i + 1));
    expect(new Set(stored.map((m) => m.content)).size).toBe(stored.length);

    // Every acknowledged send is there, as its answer described it.
    const byIndex = new Map(stored.map((m) => [indexOf(m.content), m]));
    for (const [index, outcome] of outcomes) {
      if (outcome.kind !== 'acknowledged') continue;
      expect({ index, stored: byIndex.get(index) }).toEqual({
        index,
        stored: {
          id: outcome.message.id,
          seq: outcome.message.seq,
          sender_id: outcome.message.senderId,
          content: outcome.message.content,
        },
      });
    }
    // And nothing else but sends that were in flight at a kill (committed, answer lost).
    const unexpected = stored.filter((m) => {
      const kind = outcomes.get(indexOf(m.content))?.kind;
      return kind !== 'acknowledged' && kind !== 'unanswered';
    });
    expect(unexpected).toEqual([]);

    // The log holds one MessageSent per stored message, and the read models agree with it: each
    // member's unread badge counts the other's messages (projections commit with the append).
    const logged = await database()
      .db.selectFrom('events')
      .select((eb) => eb.ref('data', '->>').key('messageId').as('messageId'))
      .where('stream_id', '=', `conversation-${conversationId}`)
      .where('type', '=', 'MessageSent')
      .orderBy('stream_version')
      .execute();
    expect(logged.map((e) => e.messageId)).toEqual(stored.map((m) => m.id));
    // The conversation's stream lies across at least three partition boundaries.
    const { rows: spread } = await sql<{ partitions: number }>`
      select count(distinct tableoid)::int as partitions from events
      where stream_id = ${`conversation-${conversationId}`}`.execute(database().db);
    expect(spread[0]!.partitions).toBeGreaterThanOrEqual(4);
    const fromA = stored.filter((m) => m.sender_id === a.id).length;
    expect(await badgesOf(node.url, b)).toMatchObject({ messages: fromA });
    expect(await badgesOf(node.url, a)).toMatchObject({ messages: stored.length - fromA });

    // The restarted process carries on numbering where the log left off.
    const after = await sendMessage(node.url, a, conversationId, 'after the kills');
    expect(after.message.seq).toBe(stored.length + 1);
    await node.kill('SIGTERM');
  });
});

describe('two server processes on one database', () => {
  const PUSH_MS = 10_000;

  it('pushes across processes, and members moved off a killed process keep correct badges', async () => {
    // Side by side: neither waits on the other to start.
    const [a, b] = await Promise.all([
      NodeProcess.start(database().url),
      NodeProcess.start(database().url),
    ]);
    const [p, q, r, s] = [
      await signUpMember(a.url),
      await signUpMember(a.url),
      await signUpMember(b.url),
      await signUpMember(b.url),
    ];
    const clients = new Map([p, q, r, s].map((member) => [member, new MemberClient(member)]));
    const client = (member: Member) => clients.get(member)!;
    await client(p).connect(a.url);
    await client(q).connect(a.url);
    await client(r).connect(b.url);
    await client(s).connect(b.url);

    // A command on B reaches a socket on A, and one on A a socket on B.
    let pushed = client(p).nextPush((v) => v.friendRequests === 1);
    const rToP = await apiExpect<{ id: string }>(201, b.url, r, 'POST', '/friends/requests', {
      toUserId: p.id,
    });
    await within(pushed, PUSH_MS, "p's request from r, sent on B, pushed on A");
    const pr = await startConversation(a.url, p, r);
    pushed = client(r).nextPush((v) => v.messages === 1);
    await sendMessage(a.url, p, pr, 'from A');
    await within(pushed, PUSH_MS, "r's message from p, sent on A, pushed on B");

    // A dies under p and q.
    await a.kill('SIGKILL');
    await eventually(
      async () => client(p).disconnects + client(q).disconnects,
      (count) => count === 2,
      { attempts: 200 },
    );
    client(p).close();
    client(q).close();

    // What happens while they are away reaches them only through the snapshot on B.
    const sq = await startConversation(b.url, s, q);
    const fromS = await sendMessage(b.url, s, sq, 'while you were away');
    await apiExpect(201, b.url, r, 'POST', '/friends/requests', { toUserId: q.id });

    await client(p).connect(b.url);
    await client(q).connect(b.url);
    expect(client(q).badges).toEqual(await badgesOf(b.url, q));
    expect(client(q).badges).toMatchObject({ messages: 1, friendRequests: 1, notifications: 1 });
    expect(client(p).badges).toEqual(await badgesOf(b.url, p));

    // Commands on B by the members who moved and by B's own reach everyone on B.
    pushed = client(p).nextPush((v) => v.friendRequests === 0);
    const rNotified = client(r).nextPush((v) => v.notifications === 1);
    await apiExpect(200, b.url, p, 'POST', `/friends/requests/${rToP.id}/accept`);
    await within(pushed, PUSH_MS, "p's own acceptance, on B");
    await within(rNotified, PUSH_MS, "r's notification of p's acceptance, on B");

    pushed = client(s).nextPush((v) => v.messages === 1);
    await sendMessage(b.url, q, sq, 'back on B');
    await within(pushed, PUSH_MS, "s's message from q (moved to B)");

    // A new process in A's place: its commands reach the members now on B.
    const a2 = await NodeProcess.start(database().url);
    pushed = client(p).nextPush((v) => v.messages === 1);
    await sendMessage(a2.url, r, pr, 'from the new A');
    await within(pushed, PUSH_MS, "p's message from r, sent on the new A");
    pushed = client(q).nextPush((v) => v.messages === 0);
    await apiExpect(200, a2.url, q, 'POST', `/conversations/${sq}/read`, {
      upToMessageId: fromS.message.id,
    });
    await within(pushed, PUSH_MS, "q's own read on the new A, pushed on B");

    // Every member's last change came after their last snapshot: what they hold was pushed, and
    // it is what the server answers.
    for (const member of [p, q, r, s]) {
      const server = await badgesOf(b.url, member);
      const held = await eventually(
        async () => client(member).lastPush,
        (value) => sameBadges(value, server),
        { attempts: 100 },
      );
      expect({ member: member.username, held }).toEqual({ member: member.username, held: server });
      expect(client(member).badges).toEqual(server);
      expect(client(member).errors).toEqual([]);
      client(member).close();
    }
    await Promise.all([a2.kill('SIGTERM'), b.kill('SIGTERM')]);
  });
});
