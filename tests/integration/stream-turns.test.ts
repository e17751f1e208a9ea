import { jest } from '@jest/globals';
import type { Conversation, Message } from '../../shared/social';
import { api, NodeProcess, signUpMember, useNodesDatabase } from './fault-tolerance-support';

// Two real processes start (tsx compiles the server in each).
jest.setTimeout(180_000);

const database = useNodesDatabase();

interface CommandFigures {
  runs: number;
  roundTrips: { max: number };
  retries: number;
}

it('serves 24 senders on one conversation through two processes in turn: every send once, at most one lost race each', async () => {
  const nodes = await Promise.all([
    NodeProcess.start(database().url),
    NodeProcess.start(database().url),
  ]);
  const a = await signUpMember(nodes[0].url);
  const b = await signUpMember(nodes[0].url);
  const started = await api<Conversation>(nodes[0].url, a, 'POST', '/conversations', {
    participantId: b.id,
  });
  const conversationId = started.body.id;

  const SENDERS = 24;
  const EACH = 10;
  const statuses = await Promise.all(
    Array.from({ length: SENDERS }, async (_, sender) => {
      const answered: number[] = [];
      for (let i = 0; i < EACH; i += 1) {
        const res = await api<{ message: Message }>(
          nodes[sender % 2]!.url,
          sender % 4 < 2 ? a : b,
          'POST',
          `/conversations/${conversationId}/messages`,
          { content: `send ${sender}.${i}` },
        );
        answered.push(res.status);
      }
      return answered;
    }),
  );
  expect(statuses.flat()).toEqual(Array(SENDERS * EACH).fill(201));

  const stored = await database()
    .db.selectFrom('messages')
    .select(['seq', 'content'])
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
  expect(stored.map((m) => m.seq)).toEqual(stored.map((_m, i) => i + 1));
  expect(new Set(stored.map((m) => m.content)).size).toBe(SENDERS * EACH);

  // A send that lost the race waited for the conversation's turn and then could not lose again:
  // two round trips for the optimistic try, two for the one in turn.
  for (const node of nodes) {
    const res = await fetch(`${node.url}/api/test/command-stats`);
    const send = ((await res.json()) as Record<string, CommandFigures>)['messaging.send']!;
    expect(send.roundTrips.max).toBeLessThanOrEqual(4);
    expect(send.retries).toBeLessThanOrEqual(send.runs);
  }
  await Promise.all(nodes.map((node) => node.kill('SIGKILL')));
});
