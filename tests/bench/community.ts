import { randomInt } from 'node:crypto';
import pg from 'pg';
import { runCelebrityBench, type CelebritySettings } from './community-celebrity';
import { runCommunityFeedBench, type CommunityFeedSettings } from './community-feed';
import { runHotPost, type HotPostSettings } from './community-hot-post';
import { runCommunitySearchBench, type SearchBenchSettings } from './community-search';
import { cpuSnapshot, untilQuiet } from './cpu';
import { seedFeed, type FeedSeed, type FeedSeedSize } from './feed-seed';
import { progress } from './members';
import { fmt, row, type Row, type Section } from './report';
import { seedSearchWords, type SearchWordSettings } from './search-seed';
import type { ServerProcess } from './server-process';

/** The target for seeding the community. */
export const COMMUNITY_TARGETS = { seedSeconds: 120 };

export interface CommunitySettings {
  size: FeedSeedSize & Required<Pick<FeedSeedSize, 'follows' | 'celebrities'>>;
  feed: CommunityFeedSettings;
  celebrity: CelebritySettings;
  hotPost: HotPostSettings & { watchers: number; likers: number; others: number };
  search: { words: SearchWordSettings; run: SearchBenchSettings };
  repoRoot: string;
  /** The parts to run, by name (`BENCH_COMMUNITY_PARTS`); all when empty. */
  parts: readonly string[];
}

/** What every part of the scenario gets: the server, the seeded community, members to use. */
export interface CommunityContext {
  server: ServerProcess;
  seed: FeedSeed;
  settings: CommunitySettings;
  /**
   * `count` seeded members (by seed number) no other part has drawn, celebrities excepted, so
   * one part's readers or likers are never another's.
   */
  draw(count: number): number[];
}

export interface CommunityPartResult {
  sections: Section[];
  missed: string[];
}

/**
 * One part of the scenario: its rows, measured on the seeded community. The rows issue 21 calls
 * existing (cached media, commands, backup, messaging) are the `files`, `badges`, `backup` and
 * `messaging` scenarios, run beside this one.
 */
export type CommunityPart = (context: CommunityContext) => Promise<CommunityPartResult>;

/**
 * Row 4, search (community-search.ts), over every seeded post: words are written into the
 * posts, and their search documents, only now, since that rewrites every post row and the
 * parts before it measure the feed as seeded.
 */
const searchPart: CommunityPart = async ({ server, seed, settings, draw }) => {
  const words = await seedSearchWords(server.databaseUrl, settings.search.words, seed.ids);
  const result = await runCommunitySearchBench({
    serverUrl: server.url,
    databaseUrl: server.databaseUrl,
    members: await seed.withSession(draw(settings.search.run.readers)),
    words,
    settings: settings.search.run,
    cpu: () => cpuSnapshot(server.pid, server.postmasterPid()),
  });
  return { sections: [result.section], missed: result.missed };
};

/**
 * Row 2, the hot post (community-hot-post.ts): its watchers, likers and the other members are
 * drawn; the post's earlier likers are any members but the storm's likers (celebrities aside),
 * since having liked one post earlier changes nothing for another part.
 */
const hotPostPart: CommunityPart = async ({ server, seed, settings, draw }) => {
  const { hotPost, size } = settings;
  const [watchers, likers, others] = [
    draw(hotPost.watchers),
    draw(hotPost.likers),
    draw(hotPost.others),
  ];
  const storm = new Set(likers);
  const earlierLikers: number[] = [];
  for (let n = size.celebrities.count; n < size.members; n++) {
    if (earlierLikers.length === hotPost.earlierLikes) break;
    if (!storm.has(n)) earlierLikers.push(n);
  }
  return runHotPost(server, seed, { watchers, likers, others, earlierLikers }, hotPost);
};

const parts: { name: string; run: CommunityPart }[] = [
  { name: 'feed', run: runCommunityFeedBench },
  { name: 'hot post', run: hotPostPart },
  { name: 'celebrity', run: runCelebrityBench },
  { name: 'search', run: searchPart },
];

/** Seed numbers in a random order, celebrities left out, handed out without repeats. */
function drawer(members: number, celebrities: number): (count: number) => number[] {
  const pool = Array.from({ length: members - celebrities }, (_, i) => i + celebrities);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  let at = 0;
  return (count) => {
    if (at + count > pool.length) throw new Error(`only ${pool.length - at} members left to draw`);
    const drawn = pool.slice(at, at + count);
    at += count;
    return drawn;
  };
}

function seedRows(seed: FeedSeed, size: CommunitySettings['size']): Row[] {
  const t = seed.timelines;
  return [
    row(
      'seeded: members / friendships (rows) / follows / posts',
      size.posts,
      `${fmt.int(size.members)} / ${fmt.int(seed.friendships)} / ${fmt.int(seed.follows)} / ` +
        `${fmt.int(size.posts)}`,
    ),
    row(
      'seeded: friends and members followed per member, average',
      seed.friendships / size.members,
      `${(seed.friendships / size.members).toFixed(1)}, ${(seed.follows / size.members).toFixed(1)}`,
    ),
    row(
      'seeded: celebrities × followers each',
      size.celebrities.count,
      `${size.celebrities.count} × ${fmt.int(size.celebrities.followers)}`,
    ),
    row(
      `home timelines: entries, members cut at ${fmt.int(t.maxPosts)}, pull authors`,
      t.entries,
      `${fmt.int(t.entries)}, ${fmt.int(t.floored)}, ${fmt.int(t.pullAuthors)} ` +
        `(fan-out up to ${fmt.int(t.fanoutMaxFollowers)} followers)`,
    ),
    row(
      'seeding time by SQL, of which home timelines',
      seed.seconds,
      `${seed.seconds.toFixed(0)} s, ${t.seconds.toFixed(0)} s`,
      {
        text: `< ${COMMUNITY_TARGETS.seedSeconds} s`,
        met: seed.seconds < COMMUNITY_TARGETS.seedSeconds,
      },
    ),
  ];
}

/**
 * Writes out what the seed left in Postgres's buffers (20,000,000 timeline rows and their
 * indexes), then waits for an idle machine, so that neither the checkpointer's writes of the seed
 * nor its other aftermath share the cores with the parts' first measurements. On 2026-12-02 it
 * took 2.3 s and did not change where the feed's capacity searches stopped (docs/performance.md).
 */
async function settleAfterSeed(databaseUrl: string): Promise<number> {
  const started = performance.now();
  progress('community: a checkpoint, then waiting for a quiet machine');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  await untilQuiet();
  return performance.now() - started;
}

/**
 * The `community` scenario of issue 21: a community of the size seeded once by SQL,
 * then each part's rows measured on it in turn, each with its baseline from the same run.
 */
export async function runCommunityBench(
  server: ServerProcess,
  settings: CommunitySettings,
): Promise<CommunityPartResult> {
  const { size } = settings;
  progress(
    `community: seeding ${fmt.int(size.members)} members, ${fmt.int(size.posts)} posts, ` +
      `${size.friends} friends and ${size.follows} follows each on average, ` +
      `${size.celebrities.count} celebrities with ${fmt.int(size.celebrities.followers)} followers`,
  );
  const seed = await seedFeed(server.databaseUrl, size);
  const settledMs = await settleAfterSeed(server.databaseUrl);
  const context: CommunityContext = {
    server,
    seed,
    settings,
    draw: drawer(size.members, size.celebrities.count),
  };
  const seedSection: Section = {
    title:
      `Community — ${fmt.int(size.members)} members, ${fmt.int(size.posts)} posts: ` +
      'the seeded community',
    rows: [
      ...seedRows(seed, size),
      row(
        'wait for a quiet machine after the seed (a checkpoint, then idle)',
        settledMs,
        `${(settledMs / 1000).toFixed(1)} s`,
      ),
    ],
    notes: [
      'Seeded by set-based SQL straight into the read models (users, friendships, follows, posts, ' +
        'post_numbers; no events: a rebuild would drop them). Friendships and follows are drawn ' +
        'at random; the celebrities are followed by distinct members at random besides. The home ' +
        'timelines are then filled by the migration that introduced them, which gives each member ' +
        'the newest posts the projection would list for them, up to the bound, and the floor ' +
        'under them; then VACUUM ANALYZE.',
    ],
  };
  const sections: Section[] = [seedSection];
  const missed = seedSection.rows!.filter((r) => r.result === 'FAIL').map((r) => r.metric);
  const chosen = settings.parts.length
    ? parts.filter((part) => settings.parts.includes(part.name))
    : parts;
  for (const part of chosen) {
    progress(`community: ${part.name}`);
    const result = await part.run(context);
    sections.push(...result.sections);
    missed.push(...result.missed);
  }
  return { sections, missed };
}
