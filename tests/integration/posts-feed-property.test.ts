import fc from 'fast-check';
import pg from 'pg';
import type { RunningServer } from '../../server/server';
import type { FeedPage, Post, PostVisibility } from '../../shared/posts';
import { FEED_PAGE } from '../../shared/posts';
import { as, befriend, signUpMembers, type TestMember } from '../support/factories';
import { useTwoServersOnOneDatabase } from '../support/test-server';

/*
 * The home feed's pages under concurrent writes, through the HTTP API of two server processes on
 * one database (each with its own commit lane, so their writes commit in any order). A reader
 * pages with a keyset cursor while friends publish and delete. What must hold:
 * - no post is handed out twice, and only posts the reader may see are handed out;
 * - every post visible before the first page and not deleted meanwhile is handed out;
 * - the pages follow the feed's own order;
 * - no gap: once the writes are done, every post in the feed was either handed out by the pages
 *   or sits above the reader's first post, where the "new posts" pill looks for it. A post that
 *   committed late but sorted below the reader's top would be in neither.
 * The log goes on in partitions of 50 positions, so the runs cross many partition boundaries.
 */

const stack = useTwoServersOnOneDatabase({ eventPartitionSpan: 50 });
const servers = (): [RunningServer, RunningServer] => [stack.a, stack.b];

interface Cast {
  reader: TestMember;
  friends: [TestMember, TestMember];
  stranger: TestMember;
}

async function cast(): Promise<Cast> {
  const [reader, one, two, stranger] = await signUpMembers(stack.a, 4);
  await befriend(stack.a, reader, one);
  await befriend(stack.b, two, reader);
  return { reader, friends: [one, two], stranger };
}

/** The reader may see a published post of theirs, or a friend's that is not private. */
const readerMaySee = (c: Cast, authorId: string, visibility: PostVisibility) =>
  authorId === c.reader.id ||
  (c.friends.some((f) => f.id === authorId) && visibility !== 'private');

async function publish(
  server: RunningServer,
  author: TestMember,
  visibility: PostVisibility,
): Promise<Post> {
  const res = await as(server, author)
    .post('/posts', { title: 'A post', content: 'Some words', status: 'published', visibility })
    .expect(201);
  return res.body as Post;
}

async function feedPage(
  server: RunningServer,
  reader: TestMember,
  limit: number,
  cursor: string | null,
) {
  const query = `/feed?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  return (await as(server, reader).get(query).expect(200)).body as FeedPage;
}

/** The whole feed, once nothing is being written: the order every page must follow. */
async function wholeFeed(reader: TestMember): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedPage = await feedPage(stack.a, reader, FEED_PAGE.max, cursor);
    ids.push(...page.posts.map((p) => p.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/** What the "new posts" pill loads: the feed from its top down to the first post the reader holds. */
async function aboveTop(reader: TestMember, held: ReadonlySet<string>): Promise<string[]> {
  const fresh: string[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedPage = await feedPage(stack.b, reader, 3, cursor);
    for (const post of page.posts) {
      if (held.has(post.id)) return fresh;
      fresh.push(post.id);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return fresh;
}

interface ReaderLog {
  /** Every id the pages handed out, in order, repeats included. */
  seen: string[];
}

/** Checks the reader's pages against the feed as it stands once the writes are over. */
async function expectNoDuplicateNoGap(
  c: Cast,
  log: ReaderLog,
  mustAppear: ReadonlySet<string>,
  published: ReadonlyMap<string, { authorId: string; visibility: PostVisibility }>,
) {
  const seen = new Set(log.seen);
  expect(log.seen.length).toBe(seen.size);
  for (const id of log.seen) {
    const post = published.get(id);
    expect(post && readerMaySee(c, post.authorId, post.visibility)).toBe(true);
  }
  for (const id of mustAppear) expect(seen).toContain(id);

  const final = await wholeFeed(c.reader);
  expect(new Set(final).size).toBe(final.length);
  const rank = new Map(final.map((id, index) => [id, index]));
  const stillThere = log.seen.filter((id) => rank.has(id)).map((id) => rank.get(id)!);
  expect(stillThere).toEqual([...stillThere].sort((x, y) => x - y));

  const fresh = await aboveTop(c.reader, seen);
  const covered = new Set([...seen, ...fresh]);
  expect(final.filter((id) => !covered.has(id))).toEqual([]);
}

/** Pages to the end, from the cursor the reader holds. */
async function pageToEnd(c: Cast, log: ReaderLog, limit: number, cursor: string | null) {
  let next = cursor;
  while (next) {
    const page = await feedPage(stack.a, c.reader, limit, next);
    log.seen.push(...page.posts.map((p) => p.id));
    next = page.nextCursor;
  }
}

/** Lock requests waiting in this test file's database (other files share the server). */
const WAITING = `select count(*)::int as waiting from pg_locks l
  join pg_stat_activity a on a.pid = l.pid
  where not l.granted and a.datname = current_database()`;

/** Resolves once `count` lock requests are waiting in the database. */
async function untilWaiting(client: pg.Client, count: number): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ waiting: number }>(WAITING);
    if (rows[0]!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves when the request has answered or is waiting on a lock, whichever comes first. */
async function answeredOrWaiting(request: Promise<unknown>, client: pg.Client, waiting: number) {
  let answered = false;
  void request.then(
    () => (answered = true),
    () => (answered = true),
  );
  for (;;) {
    if (answered) return;
    const { rows } = await client.query<{ waiting: number }>(WAITING);
    if (rows[0]!.waiting >= waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('posts the reader may not see', () => {
  it('are read past, however many sit between the ones they may', async () => {
    const c = await cast();
    const [one] = c.friends;
    const shown: Post[] = [];
    shown.push(await publish(stack.a, one, 'friendsOnly'));
    shown.push(await publish(stack.a, one, 'public'));
    for (let i = 0; i < 2 * FEED_PAGE.max; i += 1) await publish(stack.a, one, 'private');
    shown.push(await publish(stack.a, one, 'public'));
    for (let i = 0; i < 12; i += 1) await publish(stack.a, c.stranger, 'public');

    const first = await feedPage(stack.a, c.reader, 2, null);
    const log: ReaderLog = { seen: first.posts.map((p) => p.id) };
    await pageToEnd(c, log, 2, first.nextCursor);
    expect(log.seen).toEqual(shown.map((p) => p.id).reverse());
  }, 60_000);
});

describe('a post committed after the reader’s first page', () => {
  /**
   * The two ways a post can commit after one that sorts above it: its command decided before
   * the other's but its write waited (here for its author's lock), or it took its place in the
   * log and then waited (here for a row of post_numbers). Either way it must not land below a
   * top the reader already holds.
   */
  const holds = {
    'decided first, written after': async (client: pg.Client, author: TestMember) => {
      await client.query(`select pg_advisory_lock(hashtextextended($1, 0))`, [
        `posts:${author.id}`,
      ]);
      return () => client.query(`select pg_advisory_unlock_all()`);
    },
    'placed in the log first, committed after': async (client: pg.Client, author: TestMember) => {
      await client.query('begin');
      await client.query('select 1 from post_numbers where author_id = $1 for update', [author.id]);
      return () => client.query('commit');
    },
  };

  it.each(Object.keys(holds) as (keyof typeof holds)[])(
    'sorts above it (%s)',
    async (hold) => {
      const c = await cast();
      const [one, two] = c.friends;
      const older: Post[] = [];
      for (let i = 0; i < 4; i += 1) older.push(await publish(stack.a, one, 'friendsOnly'));
      const published = new Map(
        older.map((p) => [p.id, { authorId: p.author.id, visibility: p.visibility }]),
      );

      await withClient(async (client) => {
        await withClient(async (watcher) => {
          const release = await holds[hold](client, one);
          const late = publish(stack.a, one, 'public');
          await untilWaiting(watcher, 1);
          const other = publish(stack.b, two, 'public');
          await answeredOrWaiting(other, watcher, 2);

          const log: ReaderLog = { seen: [] };
          const first = await feedPage(stack.b, c.reader, 3, null);
          log.seen.push(...first.posts.map((p) => p.id));
          await release();
          for (const post of await Promise.all([late, other])) {
            published.set(post.id, { authorId: post.author.id, visibility: post.visibility });
          }
          await pageToEnd(c, log, 3, first.nextCursor);
          await expectNoDuplicateNoGap(c, log, new Set(older.map((p) => p.id)), published);
        });
      });
    },
    60_000,
  );
});

type Writer =
  | { kind: 'publish'; author: number; visibility: PostVisibility }
  | { kind: 'delete'; pick: number };

const writer: fc.Arbitrary<Writer> = fc.oneof(
  fc.record({
    kind: fc.constant('publish' as const),
    author: fc.integer({ min: 0, max: 3 }),
    visibility: fc.constantFrom<PostVisibility>('public', 'friendsOnly', 'private'),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

const scenario = fc.record({
  initial: fc.array(
    fc.record({
      author: fc.integer({ min: 0, max: 3 }),
      visibility: fc.constantFrom<PostVisibility>('public', 'friendsOnly', 'private'),
    }),
    { maxLength: 10 },
  ),
  limit: fc.integer({ min: 1, max: 4 }),
  /** Each round fetches the next page while its writes run, each on either server. */
  rounds: fc.array(
    fc.array(fc.record({ write: writer, server: fc.integer({ min: 0, max: 1 }) }), {
      maxLength: 4,
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

describe('the feed under random interleavings', () => {
  it('never hands out a post twice nor skips one it may see', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ initial, limit, rounds }) => {
        const c = await cast();
        const authors = [c.reader, ...c.friends, c.stranger];
        const published = new Map<string, { authorId: string; visibility: PostVisibility }>();
        const alive: { id: string; author: TestMember }[] = [];
        const record = (post: Post, author: TestMember) => {
          published.set(post.id, { authorId: author.id, visibility: post.visibility });
          alive.push({ id: post.id, author });
        };
        for (const { author, visibility } of initial) {
          record(await publish(stack.a, authors[author]!, visibility), authors[author]!);
        }
        const mustAppear = new Set(
          [...published]
            .filter(([, p]) => readerMaySee(c, p.authorId, p.visibility))
            .map(([id]) => id),
        );

        const write = async ({ write: w, server }: { write: Writer; server: number }) => {
          const on = servers()[server]!;
          if (w.kind === 'publish') {
            const author = authors[w.author]!;
            record(await publish(on, author, w.visibility), author);
            return;
          }
          if (alive.length === 0) return;
          const [victim] = alive.splice(w.pick % alive.length, 1);
          // Deleted before the end: it may have been handed out or not, but never twice.
          mustAppear.delete(victim!.id);
          await as(on, victim!.author).delete(`/posts/${victim!.id}`).expect(204);
        };

        const log: ReaderLog = { seen: [] };
        let cursor: string | null = null;
        let started = false;
        for (const [index, writes] of rounds.entries()) {
          const reading =
            started && !cursor
              ? Promise.resolve()
              : feedPage(servers()[index % 2]!, c.reader, limit, cursor).then((page) => {
                  log.seen.push(...page.posts.map((p) => p.id));
                  cursor = page.nextCursor;
                });
          started = true;
          await Promise.all([reading, ...writes.map(write)]);
        }
        await pageToEnd(c, log, limit, cursor);
        await expectNoDuplicateNoGap(c, log, mustAppear, published);
      }),
      { numRuns: 25 },
    );
    const { rows } = await stack.database.pool.query<{ partitions: number }>(
      'select count(distinct tableoid)::int as partitions from events',
    );
    expect(rows[0]!.partitions).toBeGreaterThanOrEqual(4);
  }, 300_000);
});
