import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { FeedPage, Post } from '../../shared/posts';
import { POSTS_SOCKET_EVENTS, type PostNewPayload } from '../../shared/posts/live';
import type { CommunityContext, CommunityPartResult } from './community';
import type { SeededMember } from './feed-seed';
import {
  asMember,
  closeSockets,
  connectedCount,
  connectSockets,
  createMembers,
  mapLimit,
  progress,
} from './members';
import { fmt, row, type Row } from './report';
import type { ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';

/** The target for a celebrity's post. */
export const CELEBRITY_TARGETS = { signalP99Ms: 500 };

export interface CelebritySettings {
  /** Posts the celebrity publishes, one after another. */
  posts: number;
  /** The pause after each post's signals have all arrived (or the grace has passed). */
  betweenMs: number;
  socketConcurrency: number;
  /** How long after a post's answer its signals may still arrive. */
  graceMs: number;
  /** Followers of the author whose publishing cost is measured at the largest fan-out. */
  largestFanout: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)} / ${fmt.ms(s.max)}`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** When each post's `PostPublished` committed, by Postgres's clock (ms since the epoch). */
async function commitTimes(url: string, postIds: string[]): Promise<Map<string, number>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ post_id: string; committed_ms: number }>(
      `select data->>'postId' as post_id,
         extract(epoch from pg_xact_commit_timestamp(
           (transaction_id::text::bigint % 4294967296)::text::xid)) * 1000 as committed_ms
       from events where type = 'PostPublished' and data->>'postId' = any($1::text[])`,
      [postIds],
    );
    return new Map(rows.map((r) => [r.post_id, Number(r.committed_ms)]));
  });
}

/** Publishes a public post through the API: the post and how long the answer took. */
async function publish(server: ServerProcess, cookie: string, title: string) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ title, content: 'Hello, everyone', status: 'published' }),
  });
  const text = await res.text();
  if (res.status !== 201)
    throw new Error(`publishing answered ${res.status}: ${text.slice(0, 300)}`);
  return { post: JSON.parse(text) as Post, ms: performance.now() - started };
}

/** Timeline rows naming the post: how many members it was fanned out to. */
async function fannedOut(url: string, postId: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from home_timelines
       where feed_seq = (select feed_seq from posts where id = $1)`,
      [postId],
    );
    return rows[0]!.n;
  });
}

/**
 * The cost of publishing, inside the command's transaction, at three audiences: an ordinary
 * member (their friends and followers), the celebrity, and an author followed by every member
 * (as many followers as the fan-out takes, at the default setting). That author is made for the
 * measurement with no earlier posts, so following them by SQL needs no backfill; their posts are
 * deleted after (through the API, which takes them out of every timeline) and the follows
 * removed, leaving the community as it was.
 */
async function publishingCost(
  context: CommunityContext,
  ordinary: SeededMember,
  celebrity: SeededMember,
  posts: number,
) {
  const { server, settings } = context;
  const [widest] = await createMembers(server.url, 1, 1);
  await withClient(server.databaseUrl, (client) =>
    client.query(
      `insert into follows (follower_id, followee_id, created_at)
       select id, $1, now() from users where id <> $1 and status = 'active'
       order by random() limit $2`,
      [widest!.id, settings.celebrity.largestFanout],
    ),
  );
  const measure = async (author: { cookie: string }, who: string) => {
    const answers = [];
    for (let i = 0; i < posts; i++) {
      answers.push({ ...(await publish(server, author.cookie, `${who} ${i + 1}`)), author });
      await sleep(500);
    }
    return answers;
  };
  const byOrdinary = await measure(ordinary, 'An ordinary post');
  const byCelebrity = await measure(celebrity, 'Another celebrity post');
  const byWidest = await measure(widest!, 'To everyone');
  const rows = await Promise.all(
    [byOrdinary, byCelebrity, byWidest].map((a) => fannedOut(server.databaseUrl, a[0]!.post.id)),
  );
  const deletions: number[] = [];
  for (const { post, author } of [...byWidest, ...byCelebrity, ...byOrdinary]) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/posts/${post.id}`, {
      method: 'DELETE',
      headers: { cookie: author.cookie },
    });
    if (res.status !== 204) throw new Error(`deleting a post answered ${res.status}`);
    if (author === widest) deletions.push(performance.now() - started);
  }
  await withClient(server.databaseUrl, (client) =>
    client.query('delete from follows where followee_id = $1', [widest!.id]),
  );
  const latency = (answers: { ms: number }[]) => summarize(answers.map((a) => a.ms));
  return {
    ordinary: { latency: latency(byOrdinary), rows: rows[0]! },
    celebrity: { latency: latency(byCelebrity), rows: rows[1]! },
    widest: { latency: latency(byWidest), rows: rows[2]! },
    deletion: summarize(deletions),
  };
}

/**
 * Row 3 of the community scenario: a celebrity with 5,000 followers, every one of them online,
 * publishes; each follower's socket must get the "new posts" signal (`post:new`), timed from the
 * post's commit (Postgres's commit timestamp) to its arrival, and the follower's next feed read
 * must show the post. Then the cost of publishing at three sizes of audience.
 */
export async function runCelebrityBench(context: CommunityContext): Promise<CommunityPartResult> {
  const { server, seed, settings } = context;
  const celebritySettings = settings.celebrity;
  const celebrityId = seed.celebrities[0]!;
  const number = new Map(seed.ids.map((id, n) => [id, n]));
  const followerIds = await withClient(server.databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      'select follower_id as id from follows where followee_id = $1',
      [celebrityId],
    );
    return rows.map((r) => r.id);
  });
  const [celebrity] = await seed.withSession([number.get(celebrityId)!]);
  const followers = (await seed.withSession(followerIds.map((id) => number.get(id)!))).map((m, i) =>
    asMember(m, i),
  );

  const arrivals = new Map<string, Map<string, number>>();
  progress(`celebrity: connecting ${followers.length} followers' sockets`);
  await connectSockets(
    server.url,
    followers,
    celebritySettings.socketConcurrency,
    (socket, member) => {
      socket.on(POSTS_SOCKET_EVENTS.new, (payload: PostNewPayload) => {
        const at = Date.now();
        if (member.socket !== socket) return;
        const post = arrivals.get(payload.postId) ?? new Map<string, number>();
        if (!post.has(member.id)) post.set(member.id, at);
        arrivals.set(payload.postId, post);
      });
    },
  );
  const online = connectedCount(followers);

  const published: { post: Post; ms: number }[] = [];
  try {
    for (let i = 0; i < celebritySettings.posts; i++) {
      progress(`celebrity: post ${i + 1} of ${celebritySettings.posts}`);
      const answer = await publish(server, celebrity!.cookie, `A celebrity post ${i + 1}`);
      published.push(answer);
      const deadline = performance.now() + celebritySettings.graceMs;
      while ((arrivals.get(answer.post.id)?.size ?? 0) < online && performance.now() < deadline) {
        await sleep(50);
      }
      await sleep(celebritySettings.betweenMs);
    }
  } finally {
    closeSockets(followers);
  }

  const committed = await commitTimes(
    server.databaseUrl,
    published.map((p) => p.post.id),
  );
  const latencies: number[] = [];
  let missing = 0;
  for (const { post } of published) {
    const at = committed.get(post.id)!;
    const got = arrivals.get(post.id) ?? new Map<string, number>();
    missing += followers.length - got.size;
    for (const arrival of got.values()) latencies.push(arrival - at);
  }
  const signal = summarize(latencies);

  progress(`celebrity: reading the ${followers.length} followers' feeds`);
  const newest = published.map((p) => p.post.id).reverse();
  const shown = await mapLimit(followers.length, 16, async (i) => {
    const res = await fetch(`${server.url}/api/feed?limit=20`, {
      headers: { cookie: followers[i]!.cookie },
    });
    if (res.status !== 200) return false;
    const page = (await res.json()) as FeedPage;
    const ids = new Set(page.posts.map((p) => p.id));
    return newest.every((id) => ids.has(id));
  });
  const feedsShowing = shown.filter(Boolean).length;

  progress('celebrity: the cost of publishing at three sizes of audience');
  const [ordinary] = await seed.withSession(context.draw(1));
  const cost = await publishingCost(context, ordinary!, celebrity!, celebritySettings.posts);
  const publishing = published.map((p) => p.ms);

  const rows: Row[] = [
    row(
      `followers of the celebrity with a socket, of ${fmt.int(followers.length)}`,
      online,
      fmt.int(online),
      { text: fmt.int(followers.length), met: online === followers.length },
    ),
    row(
      `celebrity post (${celebritySettings.posts}×): commit → "new posts" signal on each follower's socket, p50 / p99 / max`,
      signal.p99,
      ms(signal),
      {
        text: `p99 ≤ ${CELEBRITY_TARGETS.signalP99Ms} ms`,
        met: signal.count > 0 && signal.p99 <= CELEBRITY_TARGETS.signalP99Ms,
      },
    ),
    row('signals missing (followers × posts)', missing, fmt.int(missing), {
      text: '0',
      met: missing === 0,
    }),
    row('followers whose next feed read shows the posts', feedsShowing, fmt.int(feedsShowing), {
      text: fmt.int(followers.length),
      met: feedsShowing === followers.length,
    }),
    row(
      "the celebrity's publish answered (HTTP, fan-out in the command's transaction), p50 / max",
      summarize(publishing).max,
      `${fmt.ms(summarize(publishing).p50)} / ${fmt.ms(summarize(publishing).max)}`,
    ),
    row(
      'publish p50 / p99 / max (timeline rows written): ordinary member',
      cost.ordinary.latency.p50,
      `${ms(cost.ordinary.latency)} (${fmt.int(cost.ordinary.rows)})`,
    ),
    row(
      `the same: the celebrity`,
      cost.celebrity.latency.p50,
      `${ms(cost.celebrity.latency)} (${fmt.int(cost.celebrity.rows)})`,
    ),
    row(
      `the same: an author followed by ${fmt.int(celebritySettings.largestFanout)}`,
      cost.widest.latency.p50,
      `${ms(cost.widest.latency)} (${fmt.int(cost.widest.rows)})`,
    ),
    row(
      `deleting a post of that author (out of every timeline), p50 / max`,
      cost.deletion.p50,
      `${fmt.ms(cost.deletion.p50)} / ${fmt.ms(cost.deletion.max)}`,
    ),
  ];
  return {
    sections: [
      {
        title: `Community — a celebrity with ${fmt.int(followers.length)} followers posts`,
        rows,
        notes: [
          `Every follower of one seeded celebrity connects a socket; the celebrity publishes ` +
            `${celebritySettings.posts} public posts through the API, the next once every ` +
            `follower had the last one's signal (or after ${celebritySettings.graceMs / 1000} s) and ` +
            `${celebritySettings.betweenMs / 1000} s more. A signal's latency runs from the ` +
            "post's commit by Postgres's clock to its arrival on the socket. Then every follower " +
            'reads the first page of their feed. Publishing costs: each post through the API, ' +
            'answered after its transaction (append, projections and the fan-out) committed; ' +
            'the widest author is made for the measurement and followed by SQL, and its posts ' +
            'are deleted after.',
        ],
      },
    ],
    missed: rows.filter((r) => r.result === 'FAIL').map((r) => r.metric),
  };
}
