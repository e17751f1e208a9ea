import { randomInt } from 'node:crypto';
import pg from 'pg';
import type { Badges } from '../../shared/badges';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { Conversation, Message } from '../../shared/social';
import { sameBadges } from './analysis';
import { cpuPercent, cpuSnapshot, type CpuPercent } from './cpu';
import { HttpPool } from './http-pool';
import { openLoop, type OpenLoopResult } from './load';
import {
  closeSockets,
  connectedCount,
  connectSockets,
  createMembers,
  mapLimit,
  progress,
  type Member,
} from './members';
import { fmt, row, type Row } from './report';
import type { ServerProcess } from './server-process';
import { summarize } from './stats';

export const MESSAGING_TARGETS = { deliveryP99Ms: 100 };

export interface MessagingSettings {
  members: number;
  rate: number;
  durationMs: number;
  connections: number;
  signUpConcurrency: number;
  socketConcurrency: number;
  graceMs: number;
  drainMs: number;
}

interface Pair {
  conversationId: string;
  members: [Member, Member];
}

/** Every message answered 201: who must receive it and when its transaction began. */
interface Sent {
  recipient: number;
  startedAt: number;
}

interface Receipts {
  /** First arrival per message id at its recipient's socket. */
  firstAt: Map<string, number>;
  duplicated: number;
}

const ZERO: Badges = { notifications: 0, messages: 0, friendRequests: 0, version: 0 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startConversations(server: ServerProcess, members: Member[]): Promise<Pair[]> {
  const pairCount = Math.floor(members.length / 2);
  return mapLimit(pairCount, 16, async (index) => {
    const a = members[2 * index]!;
    const b = members[2 * index + 1]!;
    const res = await fetch(`${server.url}/api/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: a.cookie },
      body: JSON.stringify({ participantId: b.id }),
    });
    const text = await res.text();
    if (res.status !== 201 && res.status !== 200) {
      throw new Error(`starting conversation ${index} answered ${res.status}: ${text}`);
    }
    return { conversationId: (JSON.parse(text) as Conversation).id, members: [a, b] };
  });
}

/**
 * When each message committed, by Postgres's own clock (this machine's): empty when the server
 * does not track commit timestamps (an external BENCH_DATABASE_URL), and then latency is taken
 * from the start of the message's transaction, an upper bound.
 */
async function commitTimes(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: setting } = await client.query<{ on: boolean }>(
      `select current_setting('track_commit_timestamp') = 'on' as on`,
    );
    if (!setting[0]?.on) return new Map();
    const { rows } = await client.query<{ id: string; committed_ms: number }>(
      `select data->>'messageId' as id,
         extract(epoch from pg_xact_commit_timestamp(
           (transaction_id::text::bigint % 4294967296)::text::xid)) * 1000 as committed_ms
       from events where type = 'MessageSent'`,
    );
    return new Map(rows.map((row) => [row.id, Number(row.committed_ms)]));
  } finally {
    await client.end();
  }
}

async function badgeMismatches(server: ServerProcess, members: Member[]): Promise<number> {
  const same = await mapLimit(members.length, 16, async (index) => {
    const member = members[index]!;
    const res = await fetch(`${server.url}/api/me/badges`, { headers: { cookie: member.cookie } });
    if (res.status !== 200) return false;
    return sameBadges((await res.json()) as Badges, member.latest ?? ZERO);
  });
  return same.filter((ok) => !ok).length;
}

/**
 * 250 one-to-one conversations between 500 members, each with one socket; messages go out at a
 * steady combined rate from a random side of a random conversation. A delivery is the message
 * arriving on its recipient's socket. Latency runs from the message's commit, as Postgres
 * recorded it (on this machine's clock), to that arrival.
 */
export async function runMessagingBench(
  server: ServerProcess,
  settings: MessagingSettings,
): Promise<{ rows: Row[]; missed: string[] }> {
  progress(`messaging: signing up ${settings.members} members`);
  const members = await createMembers(server.url, settings.members, settings.signUpConcurrency);
  const receipts: Receipts = { firstAt: new Map(), duplicated: 0 };
  try {
    await connectSockets(server.url, members, settings.socketConcurrency, (socket, member) => {
      socket.on(SOCKET_EVENTS.messageNew, (payload: { message: Message }) => {
        const at = Date.now();
        if (payload.message.senderId === member.id) return;
        if (receipts.firstAt.has(payload.message.id)) receipts.duplicated += 1;
        else receipts.firstAt.set(payload.message.id, at);
      });
    });
    const pairs = await startConversations(server, members);
    progress(`messaging: ${pairs.length} conversations started`);

    const sent = new Map<string, Sent>();
    const bodies = Array.from({ length: 64 }, (_, i) =>
      JSON.stringify({ content: `benchmark message ${i} `.repeat(1 + (i % 4)) }),
    );
    const send = async (pool: HttpPool) => {
      const pair = pairs[randomInt(pairs.length)]!;
      const from = randomInt(2);
      const sender = pair.members[from]!;
      const recipient = pair.members[1 - from]!;
      const answer = await pool.request(
        'POST',
        `/api/conversations/${pair.conversationId}/messages`,
        bodies[randomInt(bodies.length)],
        sender.cookie,
      );
      if (answer.status === 201) {
        const { message } = JSON.parse(answer.body) as { message: Message };
        sent.set(message.id, {
          recipient: recipient.index,
          startedAt: Date.parse(message.timestamp),
        });
      }
      return answer;
    };

    progress(`messaging: ${settings.rate} messages/s for ${settings.durationMs / 1000} s`);
    const http = new HttpPool('127.0.0.1', server.port, settings.connections);
    let rssPeakKb = 0;
    const sampler = setInterval(() => {
      rssPeakKb = Math.max(rssPeakKb, server.rssKb() ?? 0);
    }, 100);
    let load: OpenLoopResult;
    let cpu: CpuPercent;
    try {
      const before = cpuSnapshot(server.pid, server.postmasterPid());
      load = await openLoop({
        pool: http,
        rate: settings.rate,
        durationMs: settings.durationMs,
        drainMs: settings.drainMs,
        okStatus: 201,
        send,
      }).finally(() => http.close());
      cpu = cpuPercent(before, cpuSnapshot(server.pid, server.postmasterPid()));
    } finally {
      clearInterval(sampler);
    }
    const deadline = Date.now() + settings.graceMs;
    while (Date.now() < deadline && receipts.firstAt.size < sent.size) await sleep(50);

    const committedAt = await commitTimes(server.databaseUrl);
    const from = committedAt.size > 0 ? 'commit' : 'transaction start';
    const latencies: number[] = [];
    let lost = 0;
    for (const [id, message] of sent) {
      const at = receipts.firstAt.get(id);
      if (at === undefined) lost += 1;
      else latencies.push(at - (committedAt.get(id) ?? message.startedAt));
    }
    const strays = [...receipts.firstAt.keys()].filter((id) => !sent.has(id)).length;
    const connected = connectedCount(members);
    progress('messaging: checking every member’s badges against the server');
    const mismatches = await badgeMismatches(server, members);

    const delivery = summarize(latencies);
    const httpLatency = summarize(load.latenciesMs);
    const sustained = load.ok / (load.elapsedMs / 1000);
    const errors = load.errors + load.unanswered;
    const zero = (n: number) => ({ text: '0', met: n === 0 });
    const rows = [
      row('members / conversations', members.length, `${members.length} / ${pairs.length}`),
      row('sockets connected after load', connected, `${connected}`, {
        text: `${members.length}`,
        met: connected === members.length,
      }),
      row(
        'messages offered',
        settings.rate,
        `${fmt.int(settings.rate)}/s × ${settings.durationMs / 1000} s = ${fmt.int(load.sent)}`,
      ),
      row('messages/s sustained (answered 201)', sustained, fmt.int(sustained)),
      row('HTTP errors + unanswered', errors, fmt.int(errors), zero(errors)),
      row(
        'HTTP p50 / p99 (from scheduled send)',
        httpLatency.p99,
        `${fmt.ms(httpLatency.p50)} / ${fmt.ms(httpLatency.p99)}`,
      ),
      row(`delivery p50 (${from} → recipient socket)`, delivery.p50, fmt.ms(delivery.p50)),
      row(`delivery p99 (${from} → recipient socket)`, delivery.p99, fmt.ms(delivery.p99), {
        text: `≤ ${MESSAGING_TARGETS.deliveryP99Ms} ms`,
        met: delivery.p99 <= MESSAGING_TARGETS.deliveryP99Ms,
      }),
      row('delivery max', delivery.max, fmt.ms(delivery.max)),
      row('deliveries lost', lost, fmt.int(lost), { text: '0', met: lost === 0 && load.ok > 0 }),
      row(
        'deliveries duplicated',
        receipts.duplicated,
        fmt.int(receipts.duplicated),
        zero(receipts.duplicated),
      ),
      row('deliveries of messages never answered 201', strays, fmt.int(strays)),
      row(
        'badge mismatches at end (all members)',
        mismatches,
        fmt.int(mismatches),
        zero(mismatches),
      ),
      row('server peak RSS during load', rssPeakKb, fmt.mb(rssPeakKb)),
      row(
        'CPU in load: server / postgres / bench / other',
        cpu.server,
        [cpu.server, cpu.postgres, cpu.bench, cpu.other]
          .map((n) => `${Math.max(0, n).toFixed(0)}%`)
          .join(' / '),
      ),
    ];
    return { rows, missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric) };
  } finally {
    closeSockets(members);
  }
}
