import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { fillHomeTimelines } from '../../migrations/20261201T090000-home-timelines';
import { fillTimelineReposts } from '../../migrations/20261215T100000-timeline-reposts';
import { SESSION_COOKIE } from '../../shared/constants';
import { FRIEND_PERMISSIONS } from '../../shared/social/limits';
import { progress } from './members';

export interface FeedSeedSize {
  members: number;
  posts: number;
  /** Average friends per member. */
  friends: number;
  /** Members each member follows at random, on average (none unless given). */
  follows?: number;
  /** The first `count` members are each followed by `followers` others at random. */
  celebrities?: { count: number; followers: number };
}

/** What the home timelines were filled with, for the report. */
export interface TimelineSeed {
  /** Rows in every member's timeline together. */
  entries: number;
  /** Members whose timeline was cut at `maxPosts`, the rest of their feed read from authors. */
  floored: number;
  pullAuthors: number;
  maxPosts: number;
  fanoutMaxFollowers: number;
  seconds: number;
}

/** A seeded member with a session of its own. */
export interface SeededMember {
  id: string;
  cookie: string;
}

export interface FeedSeed {
  /** Every seeded member's id, by seed number. */
  ids: string[];
  /** Members with sessions, by seed number (the readers, watchers and likers draw from them). */
  withSession(numbers: number[]): Promise<SeededMember[]>;
  seconds: number;
  friendships: number;
  /** Follow rows, celebrities' followers included. */
  follows: number;
  /** The members followed by `celebrities.followers` each, by seed number 0, 1, … */
  celebrities: string[];
  timelines: TimelineSeed;
  /** The feed order the seeded posts occupy: log positions reserved for them. */
  feedSeqRange: [number, number];
}

const timed = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  progress(`feed seed: ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

/**
 * Seeds members, friendships and published posts straight into the read models with set-based
 * SQL: sign-ups through the API cost an argon2 hash each and half a million post commands would
 * take the better part of an hour on two cores. The rows are the ones the projections write
 * (same columns, same constraints and indexes); what is missing is their events, so a rebuild
 * would drop them, and nothing the benchmark runs reads the log for them. Each post takes a log
 * position as its feed order, reserved from the events' identity, so posts published through
 * the API afterwards still sort above them as they would in production. The home timelines are
 * then filled for every member by the migration's own fill (the state the projection keeps:
 * each member's newest `max_posts` listable posts, the floor under them), after emptying them,
 * so seeding on top of an earlier seed leaves the timelines of the whole community.
 */
export async function seedFeed(databaseUrl: string, size: FeedSeedSize): Promise<FeedSeed> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = randomBytes(3).toString('hex');
  try {
    // Any valid hash: nobody signs in with these passwords, the sessions are made below.
    const passwordHash = `$argon2id$v=19$m=19456,t=2,p=1$${randomBytes(16).toString('base64')}`;
    const ids = await timed(`${size.members.toLocaleString('en-US')} members`, async () => {
      const { rows } = await client.query<{ id: string }>(
        `insert into users (id, username, email, password_hash, role, status, display_name,
           avatar, email_verified, created_at, updated_at)
         select gen_random_uuid(), 'feed_' || $1 || '_' || n, 'feed_' || $1 || '_' || n || '@bench.test',
           $2, 'member', 'active', 'Feed member ' || n, null, true, now(), now()
         from generate_series(0, $3 - 1) n
         order by n
         returning id`,
        [run, passwordHash, size.members],
      );
      return rows.map((r) => r.id);
    });

    // Each member asks half the average of others at random; a pair is one friendship, two rows.
    const friendships = await timed('friendships', async () => {
      const result = await client.query(
        `with m as (select id, (ordinality - 1)::int as n from unnest($1::uuid[]) with ordinality id),
         pairs as (
           select distinct least(i, j) as lo, greatest(i, j) as hi from (
             select i, (i + 1 + floor(random() * ($2 - 1))::int) % $2 as j
             from generate_series(0, $2 - 1) i, generate_series(1, $3) k) x)
         insert into friendships (user_id, friend_id, since, last_interaction_at, trust_level,
           permissions)
         select d.a, d.b, now(), now(), 50, $4::text[]
         from pairs p join m lo on lo.n = p.lo join m hi on hi.n = p.hi
         cross join lateral (values (lo.id, hi.id), (hi.id, lo.id)) d(a, b)`,
        [ids, size.members, Math.max(1, Math.round(size.friends / 2)), [...FRIEND_PERMISSIONS]],
      );
      return result.rowCount ?? 0;
    });

    const follows = await timed('follows', async () => {
      const celebrities = size.celebrities ?? { count: 0, followers: 0 };
      // Each member follows others at random; each celebrity is followed by distinct others.
      const result = await client.query(
        `with m as (select id, (ordinality - 1)::int as n from unnest($1::uuid[]) with ordinality id),
         pairs as (
           select i as follower, (i + 1 + floor(random() * ($2 - 1))::int) % $2 as followee
           from generate_series(0, $2 - 1) i, generate_series(1, $3) k
           union
           select f.n, c.n from generate_series(0, $4 - 1) c(n)
           cross join lateral (
             select (c.n + 1 + k) % $2 as n
             from generate_series(0, $2 - 2) k order by random() limit $5) f)
         insert into follows (follower_id, followee_id, created_at)
         select a.id, b.id, now() from pairs p join m a on a.n = p.follower join m b on b.n = p.followee
         on conflict do nothing`,
        [ids, size.members, size.follows ?? 0, celebrities.count, celebrities.followers],
      );
      return result.rowCount ?? 0;
    });

    const feedSeqRange = await timed(`${size.posts.toLocaleString('en-US')} posts`, async () => {
      const { rows } = await client.query<{ base: number }>(
        `select nextval(pg_get_serial_sequence('events', 'global_position'))::bigint as base`,
      );
      const base = Number(rows[0]!.base);
      await client.query(`select setval(pg_get_serial_sequence('events', 'global_position'), $1)`, [
        base + size.posts,
      ]);
      // One post every 5 s back from now, the newest last; authors at random; a post's number
      // counts its author's posts in order. One in 20 is private, one in 4 friends only.
      await client.query(
        `with m as (select id, (ordinality - 1)::int as n from unnest($1::uuid[]) with ordinality id),
         drawn as materialized (
           select k, floor(random() * $2)::int as a from generate_series(1, $3) k),
         numbered as (
           select k, a, row_number() over (partition by a order by k)::int as number from drawn)
         insert into posts (id, author_id, number, title, content, excerpt, featured_image,
           location, status, visibility, categories, tags, seo_title, seo_description,
           allow_comments, allow_sharing, word_count, read_time, created_at, published_at,
           feed_seq)
         select gen_random_uuid(), m.id, d.number, 'Post ' || d.k,
           'Post ' || d.k || ': ' || repeat('lorem ipsum dolor sit amet ', 1 + d.k % 12),
           '', null, null, 'published',
           case when d.k % 20 = 0 then 'private' when d.k % 4 = 0 then 'friendsOnly'
             else 'public' end,
           '{}', '{}', '', '', true, true, 2 + 5 * (1 + d.k % 12), 1,
           now() - ($3 - d.k) * interval '5 seconds' - interval '1 minute',
           now() - ($3 - d.k) * interval '5 seconds',
           $4::bigint + d.k - 1
         from numbered d join m on m.n = d.a`,
        [ids, size.members, size.posts, base],
      );
      await client.query(
        `insert into post_numbers (author_id, last_number)
         select author_id, max(number) from posts group by author_id
         on conflict (author_id) do update set last_number = excluded.last_number`,
      );
      return [base, base + size.posts - 1] as [number, number];
    });

    const timelines = await timed('home timelines', async () => {
      const started = performance.now();
      await client.query(
        'truncate home_timelines, home_timeline_reposts, home_timeline_floors, timeline_pull_authors',
      );
      const kysely = new Kysely<unknown>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }),
        }),
      });
      try {
        await fillHomeTimelines(kysely);
        await fillTimelineReposts(kysely);
      } finally {
        await kysely.destroy();
      }
      const { rows } = await client.query<{
        entries: number;
        floored: number;
        pull: number;
        max_posts: number;
        fanout: number;
      }>(
        `select (select count(*) from home_timelines)::int as entries,
           (select count(*) from home_timeline_floors)::int as floored,
           (select count(*) from timeline_pull_authors)::int as pull,
           s.max_posts, s.fanout_max_followers as fanout
         from timeline_settings s`,
      );
      const r = rows[0]!;
      return {
        entries: r.entries,
        floored: r.floored,
        pullAuthors: r.pull,
        maxPosts: r.max_posts,
        fanoutMaxFollowers: r.fanout,
        seconds: (performance.now() - started) / 1000,
      };
    });

    // As autovacuum would have left long-lived tables: statistics, and the visibility map that
    // lets the feed's scans read the indexes alone.
    await timed('vacuum analyze', async () => {
      for (const table of [
        'users',
        'friendships',
        'follows',
        'posts',
        'post_numbers',
        'home_timelines',
        'home_timeline_reposts',
        'home_timeline_floors',
      ]) {
        await client.query(`vacuum (analyze) ${table}`);
      }
    });

    const withSession = async (numbers: number[]): Promise<SeededMember[]> => {
      const members = numbers.map((n) => ({
        id: ids[n]!,
        token: randomBytes(32).toString('base64url'),
      }));
      const session = new pg.Client({ connectionString: databaseUrl });
      await session.connect();
      try {
        await session.query(
          `insert into sessions (id, token_hash, user_id, remember_me, expires_at)
           select gen_random_uuid(), t.hash, t.user_id, true, now() + interval '1 day'
           from unnest($1::text[], $2::uuid[]) t(hash, user_id)`,
          [
            members.map((m) => createHash('sha256').update(m.token).digest('hex')),
            members.map((m) => m.id),
          ],
        );
      } finally {
        await session.end();
      }
      return members.map((m) => ({ id: m.id, cookie: `${SESSION_COOKIE}=${m.token}` }));
    };

    return {
      ids,
      withSession,
      seconds: (performance.now() - started) / 1000,
      friendships,
      follows,
      celebrities: ids.slice(0, size.celebrities?.count ?? 0),
      timelines,
      feedSeqRange,
    };
  } finally {
    await client.end();
  }
}
