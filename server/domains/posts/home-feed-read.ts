import { sql, type RawBuilder } from 'kysely';
import type { HomeFeedPage } from '../../../shared/posts';
import type { RepostedBy } from '../../../shared/reposts';
import { compiledOnce, slot } from '../../db/compiled-once';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { member } from '../relations/relations-policy';
import { decodeFeedCursor, encodeFeedCursor } from './cursor';
import { readsAuthor } from './home-timeline';
import { presentPost, type PostRow } from './post-presenter';
import { postRows, visibleToViewer } from './posts-read';

/** Where a round of the feed reads its candidates: the timeline, or every author's index. */
export type FeedSource = 'timeline' | 'authors';

/**
 * Candidates read beyond a page, for posts among them the viewer may not see: the authors'
 * indexes hold every post, the timeline only those the viewer may be listed (a block since, or
 * a write racing the read, may still hide one, and the next round reads on).
 */
export const FEED_SLACK: Record<FeedSource, number> = { timeline: 0, authors: 8 };

const below = (column: string, before: number | null) =>
  before === null ? sql`` : sql`and ${sql.ref(column)} < ${before}`;

/**
 * A round's row count, written into the statement rather than sent as a parameter. The server
 * prepares every statement (db/prepared-client.ts); with the limit a parameter, Postgres costs
 * a generic plan for an unknown share of the viewer's timeline, finds it dearer than the plans
 * for each call's values and so plans every call anew (5.9 ms at 10,000 members, more than the
 * 3.3 ms it runs). With the count known, the generic plan costs what the custom ones do and is
 * kept after the fifth call: the same plan, planned once a connection. The counts are few (a
 * first page, a next page, their doublings), so are the statements.
 */
const rows = (take: number) => sql.lit(take);

/** A feed entry: where it sorts, the post it shows, and who reposted it there (or null). */
type Entry = { feed_seq: number; post_seq: number; reposted_by: string | null };

/**
 * Whether the entry `top` is the newest of its post (aliased `p`) in the viewer's feed: no
 * author they read reposted it since. A post nobody reposted is answered by its row; one reposted
 * a few times by scanning its reposts (`reposts_pkey` by post) against the viewer's authors,
 * hashed once a statement; a post reposted more often than the viewer reads authors by probing
 * each author's repost of it by the key instead, so a post with thousands of reposts costs what
 * the viewer's authors do, not what its reposts do. The count of authors is read once.
 */
function newestEntry(viewer: RawBuilder<unknown>): RawBuilder<boolean> {
  const authors = readAuthors(viewer);
  return sql<boolean>`case when p.reposts_count = 0 then true
    when p.reposts_count <= (select count(*) from (${authors}) counted) then not exists (
      select 1 from reposts nr
      where nr.post_id = p.id and nr.feed_seq > top.feed_seq
        and nr.member_id in (${authors}))
    else not exists (
      select 1 from (${authors}) a
      cross join lateral (select 1 from reposts nr
        where nr.post_id = p.id and nr.member_id = a.author_id and nr.feed_seq > top.feed_seq
        limit 1) newer)
    end`;
}

/**
 * For an entry of a post by an author the viewer does not read (aliased `p`, its entry `top`),
 * the tag they follow that brought it, the first by name. Most members follow no tag: one look at
 * their tag entries answers every row of the page, where the check whether they read the author
 * ran first for each (a quarter of the page's buffers).
 */
const followedTag = (viewer: RawBuilder<unknown>) =>
  sql<string | null>`case
    when exists (select 1 from tag_timelines tv where tv.member_id = ${viewer})
    then (select min(tt.tag) from tag_timelines tt
      where top.reposted_by is null
        and tt.member_id = ${viewer} and tt.feed_seq = p.feed_seq
        and not ${readsAuthor(viewer, sql.ref('p.author_id'))})
    end`;

/**
 * The page's entries by feed order from `top`, each with its post, whether the viewer may see
 * it, whether it is the post's newest entry in their feed, for a post of an author they do not
 * read the tag they follow that brought it (the first by name), and for a repost who made it.
 *
 * A post shows once in the whole feed, at its newest entry: a repost by someone the viewer reads
 * made after its publication (or after another such repost) leaves the older entry out, on
 * whichever page it falls, so keyset pages never repeat it (`newestEntry`).
 */
function candidates(source: Db, viewerId: string, top: RawBuilder<Entry>) {
  const viewer = member(viewerId);
  return postRows(source, viewerId)
    .innerJoin(top.as('top'), 'top.post_seq', 'p.feed_seq')
    .select(visibleToViewer(viewerId).as('visible'))
    .select(newestEntry(viewer).as('newest'))
    .select(['top.feed_seq as entry_seq', 'top.reposted_by'])
    .select(
      sql<RepostedBy | null>`(select json_build_object('id', ru.id, 'username', ru.username,
          'displayName', ru.display_name)
        from users ru where ru.id = top.reposted_by)`.as('reposter'),
    )
    .select(followedTag(viewer).as('followed_tag'))
    .orderBy('top.feed_seq', 'desc');
}

/** A post's own entry: it sorts where it was published, reposted by nobody. */
const own = (column: string) =>
  sql.raw(`${column} as feed_seq, ${column} as post_seq, null::uuid as reposted_by`);

/**
 * The newest reposts by `authors` (a query of `author_id` rows), each author's read from their
 * own index (`reposts_member_feed`) below `before` and down to `floor`: the reposts timelines
 * do not hold, those of pull authors above the floor and of every author the viewer reads below.
 */
const repostEntries = (
  authors: RawBuilder<unknown>,
  take: number,
  before: number | null,
  floor: RawBuilder<unknown> | null,
) => sql<Entry>`(select c.feed_seq, c.post_seq, c.reposted_by from (${authors}) a
    cross join lateral (
      select r.feed_seq, rp.feed_seq as post_seq, r.member_id as reposted_by
      from reposts r join posts rp on rp.id = r.post_id
      where r.member_id = a.author_id ${below('r.feed_seq', before)}
        ${floor === null ? sql`` : sql`and r.feed_seq >= ${floor}`}
        and rp.feed_seq is not null
      order by r.feed_seq desc
      limit ${rows(take)}) c)`;

/** The viewer, their friends and the members they follow: whose posts and reposts they read. */
const readAuthors = (viewer: RawBuilder<unknown>) => sql`select ${viewer} as author_id
  union
  select f.friend_id from friendships f where f.user_id = ${viewer}
  union
  select fo.followee_id from follows fo where fo.follower_id = ${viewer}`;

/**
 * The newest posts that tags the viewer follows brought (hashtags' `tag_timelines`), each once
 * however many of its tags they follow: merged into either source, from `floor` down.
 */
const taggedPosts = (
  viewer: RawBuilder<unknown>,
  take: number,
  before: number | null,
  floor: RawBuilder<unknown> | null,
) => sql<Entry>`(select distinct ${own('tt.feed_seq')} from tag_timelines tt
    where tt.member_id = ${viewer} ${below('tt.feed_seq', before)}
      ${floor === null ? sql`` : sql`and tt.feed_seq >= ${floor}`}
    order by tt.feed_seq desc
    limit ${rows(take)})`;

/**
 * One round of the home feed from the viewer's timeline: the `take` newest entries below
 * `before` and at or above the floor (one range scan of the timeline's primary key, and one of
 * its reposts'), merged with the newest posts and reposts of the pull authors the viewer reads,
 * each read from the author's own index, and with those the tags the viewer follows brought
 * above the floor.
 */
export function timelineFeedQuery(
  source: Db,
  viewerId: string,
  take: number,
  before: number | null,
) {
  const viewer = member(viewerId);
  const floor = sql`coalesce((select fl.floor_seq from home_timeline_floors fl
    where fl.member_id = ${viewer}), 0)`;
  const top = sql<Entry>`(
    select x.feed_seq, x.post_seq, x.reposted_by from (
      (select ${own('t.feed_seq')} from home_timelines t
       where t.member_id = ${viewer} ${below('t.feed_seq', before)} and t.feed_seq >= ${floor}
       order by t.feed_seq desc
       limit ${rows(take)})
      union
      (select ${own('c.feed_seq')} from timeline_pull_authors pa
       cross join lateral (
         select p.feed_seq from posts p
         where p.author_id = pa.author_id and p.status = 'published'
           ${below('p.feed_seq', before)} and p.feed_seq >= ${floor}
         order by p.feed_seq desc
         limit ${rows(take)}) c
       where ${readsAuthor(viewer, sql.ref('pa.author_id'))})
      union
      ${taggedPosts(viewer, take, before, floor)}
      union
      (select r.feed_seq, r.post_seq, r.reposted_by from home_timeline_reposts r
       where r.member_id = ${viewer} ${below('r.feed_seq', before)} and r.feed_seq >= ${floor}
       order by r.feed_seq desc
       limit ${rows(take)})
      union
      ${repostEntries(pullAuthorsRead(viewer), take, before, floor)}
    ) x
    order by x.feed_seq desc
    limit ${rows(take)})`;
  return candidates(source, viewerId, top);
}

/** The pull authors `viewer` reads, whose posts and reposts are merged at read time. */
const pullAuthorsRead = (viewer: RawBuilder<unknown>) => sql`select pa.author_id
  from timeline_pull_authors pa where ${readsAuthor(viewer, sql.ref('pa.author_id'))}`;

/**
 * One round of the home feed from the authors' own indexes, as the feed was read before
 * timelines: the viewer's, their friends' and the members' they follow, each author's index
 * (`posts_author_feed`) read newest first for at most `take` rows and the lists merged, with the
 * posts followed tags brought. The feed below a timeline's floor is read so.
 */
export function authorsFeedQuery(
  source: Db,
  viewerId: string,
  take: number,
  before: number | null,
) {
  const viewer = member(viewerId);
  const top = sql<Entry>`(
    select ${own('c.feed_seq')}
    from (${readAuthors(viewer)}) a
    cross join lateral (
      select p.feed_seq from posts p
      where p.author_id = a.author_id and p.status = 'published' ${below('p.feed_seq', before)}
      order by p.feed_seq desc
      limit ${take}
    ) c
    union
    ${taggedPosts(viewer, take, before, null)}
    union
    ${repostEntries(readAuthors(viewer), take, before, null)}
    order by feed_seq desc
    limit ${take})`;
  return candidates(source, viewerId, top);
}

type FeedRow = PostRow & {
  entry_seq: number;
  followed_tag: string | null;
  reposter: RepostedBy | null;
};

/** A round's shape: where it reads, how many rows, and whether from the top or below a cursor. */
export type RoundShape = `${FeedSource}:${number}:${'top' | 'below'}`;

/** A round of either source, compiled once per shape (db/compiled-once.ts). */
export const roundStatement = compiledOnce(
  [slot<string>('viewer'), slot<number>('before')],
  (shape: RoundShape, viewerId: string, before: number) => {
    const [source, take, from] = shape.split(':');
    const read = source === 'timeline' ? timelineFeedQuery : authorsFeedQuery;
    return read(qb, viewerId, Number(take), from === 'top' ? null : before);
  },
);

async function floorOf(db: Db, viewerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('home_timeline_floors')
    .select('floor_seq')
    .where('member_id', '=', viewerId)
    .executeTakeFirst();
  return row ? Number(row.floor_seq) : null;
}

/**
 * The viewer's home feed by keyset on the feed order: from their timeline, and below its floor
 * from the authors' indexes (`from: 'authors'` reads it all so, for comparison). Posts published
 * while the reader pages commit after every post already handed out, so they sort above the
 * first page: following `nextCursor` yields no duplicate and skips nothing, and whatever is new
 * is found above the top the reader holds. A round that leaves the page short because the
 * viewer may not see some of its posts reads on below them, twice as many each time.
 */
export async function readFeed(
  db: Db,
  viewerId: string,
  query: { limit: number; cursor?: string | undefined },
  from: FeedSource = 'timeline',
): Promise<HomeFeedPage> {
  const wanted = query.limit + 1;
  const found: FeedRow[] = [];
  let before = query.cursor ? decodeFeedCursor(query.cursor) : null;
  let source = from;
  for (let take = wanted + FEED_SLACK[from]; ; take *= 2) {
    const shape: RoundShape = `${source}:${take}:${before === null ? 'top' : 'below'}`;
    const { rows: round } = await db.executeQuery<FeedRow & { visible: boolean; newest: boolean }>(
      roundStatement(shape, viewerId, before ?? 0),
    );
    // A repost undone between two rounds can leave a post's older entry newest in the next.
    for (const row of round) {
      if (row.visible && row.newest && !found.some((each) => each.id === row.id)) found.push(row);
    }
    const last = round[round.length - 1];
    if (found.length >= wanted) break;
    if (round.length === take && last) {
      before = Number(last.entry_seq);
      continue;
    }
    // The timeline ends at its floor: the feed goes on below it from the authors' indexes.
    const floor = source === 'timeline' ? await floorOf(db, viewerId) : null;
    if (floor === null) break;
    source = 'authors';
    before = before === null ? floor : Math.min(before, floor);
  }
  const rows = found.slice(0, query.limit);
  const last = rows[rows.length - 1];
  return {
    posts: rows.map(presentPost),
    nextCursor:
      found.length > query.limit && last ? encodeFeedCursor(Number(last.entry_seq)) : null,
    followedTags: Object.fromEntries(
      rows.flatMap((row) => (row.followed_tag === null ? [] : [[row.id, row.followed_tag]])),
    ),
    repostedBy: Object.fromEntries(
      rows.flatMap((row) => (row.reposter === null ? [] : [[row.id, row.reposter]])),
    ),
  };
}
