import pg from 'pg';
import { qb } from '../../server/db/statement';
import { tagPageQuery } from '../../server/domains/hashtags/tag-page-read';
import type { FeedBenchSettings, Query, ReaderResult } from './feed';
import type { SeededMember } from './feed-seed';
import { progress } from './members';
import { fmt, row, type Row } from './report';
import type { ServerProcess } from './server-process';
import { summarize, type Summary } from './stats';

/** A tag on about 5% of the seeded posts, and one on about 0.05%. */
export const BENCH_TAGS = { common: 'bench_common', rare: 'bench_rare' } as const;

/**
 * Tags the seeded posts as the hashtags projection would have: one post in five gets a tag, a
 * twentieth of all posts the common one, a two-thousandth the rare one, the rest one of a
 * thousand others. The readers follow the common tag, with the tag timelines the projection
 * would have written for their follows (the tag's public posts of others, newest 2,000 each).
 */
export async function seedTags(databaseUrl: string, readers: SeededMember[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(`
      insert into post_hashtags (post_id, tag, author_id, feed_seq, published_at)
      select id, case when h < 0.05 then '${BENCH_TAGS.common}'
                      when h < 0.0505 then '${BENCH_TAGS.rare}'
                      else 'bench_' || (h * 1000)::int end,
        author_id, feed_seq, published_at
      from (select id, author_id, feed_seq, published_at, random() as h
            from posts where status = 'published') p
      where h < 0.2`);
    const ids = readers.map((r) => r.id);
    await client.query(
      `insert into tag_follows (member_id, tag, followed_at)
       select unnest($1::uuid[]), '${BENCH_TAGS.common}', 'epoch'::timestamptz`,
      [ids],
    );
    await client.query(
      `insert into tag_timelines (member_id, feed_seq, tag)
       select r.id, x.feed_seq, '${BENCH_TAGS.common}'
       from unnest($1::uuid[]) as r(id)
       cross join lateral (
         select h.feed_seq from post_hashtags h join posts p on p.id = h.post_id
         where h.tag = '${BENCH_TAGS.common}' and h.feed_seq is not null
           and p.visibility = 'public' and p.author_id <> r.id
         order by h.feed_seq desc limit 2000) x`,
      [ids],
    );
    await client.query('vacuum analyze post_hashtags, tag_follows, tag_timelines');
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** What the feed bench lends this part (passed in: the feed bench calls this one). */
export interface FeedBenchTools {
  pageP99Ms: number;
  readFeeds(
    server: ServerProcess,
    readers: SeededMember[],
    settings: FeedBenchSettings,
    pauseMs: number,
    feedPath?: string,
  ): Promise<ReaderResult>;
  explain(client: pg.Client, query: Query): Promise<string>;
}
const p50p99 = (s: Summary) => `${fmt.ms(s.p50)} / ${fmt.ms(s.p99)}`;

/**
 * The tag pages of a common and a rare tag over HTTP, as many readers as the feed's with no
 * pause (first page, then next pages); then the home feed again now that every reader follows
 * the common tag, to set beside the feed's own no-pause run of the same bench (no tag followed).
 * The plan of a first tag page is kept: it must walk the tag's index in feed order.
 */
export async function runTagPages(
  server: ServerProcess,
  readers: SeededMember[],
  settings: FeedBenchSettings,
  { pageP99Ms, readFeeds, explain }: FeedBenchTools,
): Promise<{ rows: Row[]; plans: { title: string; plan: string }[] }> {
  const within = (s: Summary) => ({
    text: `p99 ≤ ${pageP99Ms} ms`,
    met: s.count > 0 && s.p99 <= pageP99Ms,
  });
  progress('tags: tagging a fifth of the posts; every reader follows the common tag');
  const seconds = await seedTags(server.databaseUrl, readers);
  const rows: Row[] = [
    row('tags: seeding post_hashtags and tag timelines', seconds, `${seconds.toFixed(0)} s`),
  ];
  const plans: { title: string; plan: string }[] = [];
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    for (const [name, tag] of Object.entries(BENCH_TAGS)) {
      const plan = await explain(client, tagPageQuery(qb, readers[0]!.id, tag, 21, null).compile());
      plans.push({ title: `Tag page, ${name} tag, first page`, plan });
      rows.push(
        row(
          `tag page plan walks post_hashtags_tag_feed, ${name} tag`,
          plan.includes('post_hashtags_tag_feed') ? 1 : 0,
          plan.includes('post_hashtags_tag_feed') ? 'yes' : 'no',
          { text: 'yes', met: plan.includes('post_hashtags_tag_feed') },
        ),
      );
    }
  } finally {
    await client.end();
  }
  for (const [name, tag] of Object.entries(BENCH_TAGS)) {
    progress(`tags: ${settings.readers} readers page the ${name} tag, no pause`);
    const read = await readFeeds(server, readers, settings, 0, `/api/tags/${tag}/posts`);
    const first = summarize(read.first);
    const next = summarize(read.next);
    rows.push(
      row(
        `HTTP tag page, ${name} tag, first page: p50 / p99`,
        first.p99,
        p50p99(first),
        within(first),
      ),
      row(
        `HTTP tag page, ${name} tag, next pages: p50 / p99`,
        next.p99,
        p50p99(next),
        within(next),
      ),
      row(
        `HTTP tag pages answered per second, ${name} tag`,
        read.pages,
        fmt.int(read.pages / (settings.durationMs / 1000)),
      ),
      row(`HTTP errors, ${name} tag`, read.errors, fmt.int(read.errors), {
        text: '0',
        met: read.errors === 0,
      }),
    );
  }
  progress(`tags: ${settings.readers} readers page their home feeds, following the common tag`);
  const feed = await readFeeds(server, readers, settings, 0);
  const first = summarize(feed.first);
  const next = summarize(feed.next);
  rows.push(
    row(
      'HTTP home feed first page, every reader following a tag, no pause: p50 / p99',
      first.p99,
      p50p99(first),
      within(first),
    ),
    row(
      'HTTP home feed next pages, every reader following a tag, no pause: p50 / p99',
      next.p99,
      p50p99(next),
      within(next),
    ),
    row(
      'HTTP home feed pages per second, following a tag, no pause',
      feed.pages,
      fmt.int(feed.pages / (settings.durationMs / 1000)),
    ),
    row(
      'posts handed out twice in one pass down a feed, following a tag',
      feed.duplicates,
      fmt.int(feed.duplicates),
      { text: '0', met: feed.duplicates === 0 },
    ),
  );
  return { rows, plans };
}
