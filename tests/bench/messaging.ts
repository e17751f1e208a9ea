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
  dropsSince,
  isCurrent,
  mapLimit,
  progress,
  reconnectedBetween,
  socketEventsBetween,
  type Member,
} from './members';
import {
  commandGrid,
  commandNotes,
  commandsBetween,
  fetchCommandStats,
  tripsBetween,
  type CommandWindow,
} from './command-stats';
import { fmt, row, type Grid, type Section } from './report';
import type { ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';

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
  /** Runs of the steady load, one after another on the same members and sockets. */
  runs: number;
  /** Pause between runs, for the server to finish the last run's pushes and settle. */
  pauseMs: number;
}

interface Pair {
  conversationId: string;
  members: [Member, Member];
}

/** Every message answered 201: who must receive it and when its transaction began. */
interface Sent {
  recipient: number;
  conversationId: string;
  startedAt: number;
}

/** A `message:new` arriving on a member's socket. */
interface Arrival {
  /** The run during which it arrived. */
  run: number;
  at: number;
  member: number;
  socketId: string;
}

/** One message that arrived twice on its recipient's socket, named. */
export interface DuplicateDelivery {
  run: number;
  messageId: string;
  conversationId: string;
  member: number;
  memberId: string;
  first: Arrival;
  second: Arrival;
  reconnectedBetween: boolean;
  /** The member's socket events between the two arrivals, described. */
  socketEvents: string[];
}

/** The deliveries, filled by the sockets' listeners. */
interface Receipts {
  /** The run in progress. */
  run: number;
  /**
   * First arrival per (receiving member, message id), over all runs: a message of one run
   * arriving again during the next is still a duplicate.
   */
  first: Map<string, Arrival>;
  /** Duplicates found during the run in progress. */
  duplicates: DuplicateDelivery[];
}

const arrivalKey = (member: number, messageId: string) => `${member}:${messageId}`;

/** What one run of the steady load measured. */
interface RunResult {
  run: number;
  sent: number;
  ok: number;
  sustained: number;
  errors: number;
  httpP50: number;
  httpP99: number;
  delivery: Summary;
  lost: number;
  duplicated: number;
  duplicates: DuplicateDelivery[];
  strays: number;
  misdelivered: number;
  from: 'commit' | 'transaction start';
  sendWindow: CommandWindow | undefined;
  commands: CommandWindow[];
  cpu: CpuPercent;
  rssPeakKb: number;
  met: boolean;
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

const pct = (n: number) => (Number.isFinite(n) ? `${Math.max(0, n).toFixed(0)}%` : 'n/a');
const zero = (n: number) => ({ text: '0', met: n === 0 });

/** One steady run: the load, then the wait for its deliveries, then what it measured. */
async function steadyRun(
  server: ServerProcess,
  settings: MessagingSettings,
  pairs: Pair[],
  members: Member[],
  receipts: Receipts,
): Promise<RunResult> {
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
        conversationId: pair.conversationId,
        startedAt: Date.parse(message.timestamp),
      });
    }
    return answer;
  };

  progress(
    `messaging run ${receipts.run}/${settings.runs}: ${settings.rate} messages/s for ${settings.durationMs / 1000} s`,
  );
  const statsBefore = await fetchCommandStats(server);
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
  const delivered = () => {
    let count = 0;
    for (const [id, message] of sent) {
      if (receipts.first.has(arrivalKey(message.recipient, id))) count += 1;
    }
    return count;
  };
  const deadline = Date.now() + settings.graceMs;
  while (Date.now() < deadline && delivered() < sent.size) await sleep(50);
  const statsAfter = await fetchCommandStats(server);

  const committedAt = await commitTimes(server.databaseUrl);
  const from = committedAt.size > 0 ? 'commit' : 'transaction start';
  const latencies: number[] = [];
  let lost = 0;
  for (const [id, message] of sent) {
    const arrival = receipts.first.get(arrivalKey(message.recipient, id));
    if (arrival === undefined) lost += 1;
    else latencies.push(arrival.at - (committedAt.get(id) ?? message.startedAt));
  }
  let strays = 0;
  let misdelivered = 0;
  for (const [key, arrival] of receipts.first) {
    if (arrival.run !== receipts.run) continue;
    const id = key.slice(key.indexOf(':') + 1);
    const message = sent.get(id);
    if (!message) strays += 1;
    else if (message.recipient !== arrival.member) misdelivered += 1;
  }
  for (const duplicate of receipts.duplicates) {
    duplicate.conversationId ||= sent.get(duplicate.messageId)?.conversationId ?? '?';
  }
  const delivery = summarize(latencies);
  const httpLatency = summarize(load.latenciesMs);
  const commands = commandsBetween(statsBefore, statsAfter);
  return {
    run: receipts.run,
    sent: load.sent,
    ok: load.ok,
    sustained: load.ok / (load.elapsedMs / 1000),
    errors: load.errors + load.unanswered,
    httpP50: httpLatency.p50,
    httpP99: httpLatency.p99,
    delivery,
    lost,
    duplicated: receipts.duplicates.length,
    duplicates: receipts.duplicates,
    strays,
    misdelivered,
    from,
    sendWindow: commands.find((c) => c.name === SEND_COMMAND),
    commands,
    cpu,
    rssPeakKb,
    met: load.ok > 0 && delivery.p99 <= MESSAGING_TARGETS.deliveryP99Ms,
  };
}

const SEND_COMMAND = 'messaging.send';

function runGrid(results: RunResult[]): Grid {
  return {
    header: [
      'run',
      'msg/s sustained',
      'HTTP p50 / p99',
      'delivery p50',
      'p99',
      'max',
      'lost',
      'dup.',
      'RT per send',
      'retries',
      'CPU server / pg / bench / other',
      `p99 ≤ ${MESSAGING_TARGETS.deliveryP99Ms} ms`,
    ],
    numeric: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    cells: results.map((r) => [
      `${r.run}`,
      fmt.int(r.sustained),
      `${fmt.ms(r.httpP50)} / ${fmt.ms(r.httpP99)}`,
      fmt.ms(r.delivery.p50),
      fmt.ms(r.delivery.p99),
      fmt.ms(r.delivery.max),
      fmt.int(r.lost),
      fmt.int(r.duplicated),
      r.sendWindow ? r.sendWindow.averageTrips.toFixed(2) : 'n/a',
      r.sendWindow ? fmt.int(r.sendWindow.retries) : 'n/a',
      [r.cpu.server, r.cpu.postgres, r.cpu.bench, r.cpu.other].map(pct).join(' / '),
      r.met ? 'pass' : 'FAIL',
    ]),
    raw: results.map(({ commands: _commands, duplicates: _duplicates, ...r }) => ({ ...r })),
  };
}

/**
 * 250 one-to-one conversations between 500 members, each with one socket; messages go out at a
 * steady combined rate from a random side of a random conversation. A delivery is the message
 * arriving on its recipient's socket. Latency runs from the message's commit, as Postgres
 * recorded it (on this machine's clock), to that arrival.
 *
 * `settings.runs` runs go one after another on the same server, members, conversations and
 * sockets: each is a fresh sample of the same steady state (a fresh set of members would add a
 * few hundred argon2 sign-ups between runs, which would only disturb the server), and sockets
 * that stay up across every run also show whether one dropped at any point.
 */
export async function runMessagingBench(
  server: ServerProcess,
  settings: MessagingSettings,
): Promise<{ sections: Section[]; missed: string[]; duplicates: DuplicateDelivery[] }> {
  progress(`messaging: signing up ${settings.members} members`);
  const members = await createMembers(server.url, settings.members, settings.signUpConcurrency);
  // The listeners live as long as the sockets; each run swaps in its own receipts.
  let receipts: Receipts = { run: 0, first: new Map(), duplicates: [] };
  try {
    await connectSockets(server.url, members, settings.socketConcurrency, (socket, member) => {
      socket.on(SOCKET_EVENTS.messageNew, (payload: { message: Message }) => {
        const at = Date.now();
        if (!isCurrent(member, socket)) return;
        if (payload.message.senderId === member.id) return;
        const arrival: Arrival = {
          run: receipts.run,
          at,
          member: member.index,
          socketId: socket.id ?? '?',
        };
        // Keyed by the receiving member too: a message pushed to the wrong member is told apart
        // (misdelivered) from one pushed twice to its recipient (duplicated).
        const key = arrivalKey(member.index, payload.message.id);
        const first = receipts.first.get(key);
        if (!first) {
          receipts.first.set(key, arrival);
          return;
        }
        receipts.duplicates.push({
          run: receipts.run,
          messageId: payload.message.id,
          conversationId: payload.message.conversationId,
          member: member.index,
          memberId: member.id,
          first,
          second: arrival,
          reconnectedBetween: reconnectedBetween(member, first, arrival),
          socketEvents: socketEventsBetween(member, first.at, arrival.at),
        });
      });
    });
    const pairs = await startConversations(server, members);
    progress(`messaging: ${pairs.length} conversations started`);
    const loadStarted = Date.now();

    const results: RunResult[] = [];
    const statsBefore = await fetchCommandStats(server);
    const tripsBefore = await server.databaseRoundTrips();
    for (let run = 1; run <= settings.runs; run++) {
      if (run > 1) await sleep(settings.pauseMs);
      receipts = { run, first: receipts.first, duplicates: [] };
      results.push(await steadyRun(server, settings, pairs, members, receipts));
    }
    const statsAfter = await fetchCommandStats(server);
    const tripsAfter = await server.databaseRoundTrips();
    const connected = connectedCount(members);
    const drops = dropsSince(members, loadStarted);
    const stale = members.reduce((sum, m) => sum + m.staleDeliveries, 0);
    progress('messaging: checking every member’s badges against the server');
    const mismatches = await badgeMismatches(server, members);

    const total = (pick: (r: RunResult) => number) => results.reduce((n, r) => n + pick(r), 0);
    const lost = total((r) => r.lost);
    const duplicated = total((r) => r.duplicated);
    const errors = total((r) => r.errors);
    const strays = total((r) => r.strays);
    const misdelivered = total((r) => r.misdelivered);
    const metRuns = results.filter((r) => r.met).length;
    const from = results[0]?.from ?? 'commit';
    const rssPeakKb = Math.max(0, ...results.map((r) => r.rssPeakKb));
    const rows = [
      row('members / conversations', members.length, `${members.length} / ${pairs.length}`),
      row('sockets connected after the last run', connected, `${connected}`, {
        text: `${members.length}`,
        met: connected === members.length,
      }),
      row('socket disconnects during the runs', drops, fmt.int(drops)),
      row(
        'messages offered per run',
        settings.rate,
        `${fmt.int(settings.rate)}/s × ${settings.durationMs / 1000} s = ${fmt.int(results[0]?.sent ?? 0)}`,
      ),
      row(
        `runs with delivery p99 ≤ ${MESSAGING_TARGETS.deliveryP99Ms} ms (${from} → recipient socket)`,
        metRuns,
        `${metRuns} of ${results.length}`,
        { text: `${results.length} of ${results.length}`, met: metRuns === results.length },
      ),
      row('HTTP errors + unanswered (all runs)', errors, fmt.int(errors), zero(errors)),
      row('deliveries lost (all runs)', lost, fmt.int(lost), {
        text: '0',
        met: lost === 0 && results.some((r) => r.sustained > 0),
      }),
      row('deliveries duplicated (all runs)', duplicated, fmt.int(duplicated), zero(duplicated)),
      row(
        'deliveries to a member other than the recipient',
        misdelivered,
        fmt.int(misdelivered),
        zero(misdelivered),
      ),
      row('deliveries on an abandoned socket', stale, fmt.int(stale)),
      row('deliveries of messages never answered 201', strays, fmt.int(strays)),
      row(
        'badge mismatches at end (all members)',
        mismatches,
        fmt.int(mismatches),
        zero(mismatches),
      ),
      row('server peak RSS during the runs', rssPeakKb, fmt.mb(rssPeakKb)),
    ];
    const windows = commandsBetween(statsBefore, statsAfter);
    const whole = tripsBetween(
      tripsBefore,
      tripsAfter,
      total((r) => r.sent),
    );
    const title = `Messaging — ${members.length} members in ${pairs.length} conversations`;
    const sections: Section[] = [
      { title, rows },
      {
        title: `${title}: one row per run (the same members and sockets throughout)`,
        grid: runGrid(results),
      },
      {
        title: `${title}: round trips per command, all runs`,
        grid: commandGrid(windows, whole),
        notes: commandNotes({
          windows,
          command: SEND_COMMAND,
          requests: total((r) => r.ok),
          whole,
          failedRequests: errors,
          outside:
            'the session lookup each request makes before the command (one query, and an update ' +
            'of its last activity at most once a minute per session), which runs outside any ' +
            'command and is not counted by the server.',
        }),
      },
    ];
    return {
      sections,
      missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric),
      duplicates: results.flatMap((r) => r.duplicates),
    };
  } finally {
    closeSockets(members);
  }
}
