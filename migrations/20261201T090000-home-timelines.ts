import { sql, type Kysely } from 'kysely';

/** What the settings row holds until a server starts with its own configuration. */
const DEFAULT_FANOUT_MAX_FOLLOWERS = 10_000;
const DEFAULT_MAX_POSTS = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A post is named in timelines by its feed order (unique: the log position of one event).
  await sql`create unique index posts_feed_seq on posts (feed_seq)`.execute(db);

  // Each member's home timeline: its keys are made by the fill below, after its rows.
  await sql`
    create table home_timelines (
      member_id uuid not null,
      feed_seq bigint not null
    )`.execute(db);
  // A member's timeline holds every post of theirs at or above the floor; below it, the feed is
  // read from the authors' own indexes.
  await sql`
    create table home_timeline_floors (
      member_id uuid primary key,
      floor_seq bigint not null
    )`.execute(db);
  // Authors whose posts are not fanned out: merged into their readers' feeds at read time.
  await sql`create table timeline_pull_authors (author_id uuid primary key)`.execute(db);
  // The projection's parameters, one row, written from each server's configuration at start, so
  // that every process and a rebuild fan out alike whatever their environment says.
  await sql`
    create table timeline_settings (
      id boolean primary key default true check (id),
      fanout_max_followers integer not null check (fanout_max_followers >= 0),
      max_posts integer not null check (max_posts >= 1)
    )`.execute(db);
  await sql`insert into timeline_settings (fanout_max_followers, max_posts)
    values (${DEFAULT_FANOUT_MAX_FOLLOWERS}, ${DEFAULT_MAX_POSTS})`.execute(db);
  await fillHomeTimelines(db);
}

/**
 * The timelines of a community whose timelines are empty: the authors with more followers than
 * the setting go to the pull path, and every member's timeline gets the newest `max_posts` posts
 * it would list (their own, their friends' and the members they follow, as the projection
 * decides), with the floor under them when there were more. This is a state the projection
 * keeps (it cuts a timeline back to `max_posts` now and then, so its timelines hold that many
 * or a few more); a test compares the two where no cut happened. The benchmark seeds its
 * timelines with it.
 *
 * Built for size: each author's listable posts are first gathered into three arrays by who may
 * be shown them, so a member's timeline is the merge of a few arrays per author they read, with
 * no index probe per post; the rows go in before the timeline's keys, which are then built once,
 * sorted. It works in temporary tables: `db` must be one connection (a transaction, or a pool
 * of one).
 */
export async function fillHomeTimelines(db: Kysely<unknown>): Promise<void> {
  await sql`set maintenance_work_mem = '256MB'`.execute(db);
  await sql`alter table home_timelines drop constraint if exists home_timelines_pkey`.execute(db);
  await sql`drop index if exists home_timelines_post`.execute(db);
  await sql`
    insert into timeline_pull_authors (author_id)
    select followee_id from follows group by followee_id
    having count(*) > (select fanout_max_followers from timeline_settings)
    on conflict do nothing`.execute(db);
  // Each author's posts that may be listed, newest first: for themself (all but those removed),
  // for friends (visible, public or friends-only) and for everyone else (visible and public).
  await sql`
    create temporary table timeline_fill_authors as
    select p.author_id,
      array_agg(p.feed_seq order by p.feed_seq desc) as own,
      coalesce(array_agg(p.feed_seq order by p.feed_seq desc)
        filter (where p.moderation_state = 'visible'
          and p.visibility in ('public', 'friendsOnly')), '{}') as friends,
      coalesce(array_agg(p.feed_seq order by p.feed_seq desc)
        filter (where p.moderation_state = 'visible' and p.visibility = 'public'), '{}') as everyone
    from posts p
    where p.status = 'published' and p.feed_seq is not null and p.deleted_at is null
      and p.moderation_state <> 'removed'
      and not exists (select 1 from timeline_pull_authors pa where pa.author_id = p.author_id)
    group by p.author_id`.execute(db);
  await sql`create unique index on timeline_fill_authors (author_id)`.execute(db);
  await sql`analyze timeline_fill_authors`.execute(db);
  // Each member's newest `max_posts` + 1: their authors' lists, and the posts naming them that
  // those lists leave out (private, or friends-only by a member they only follow).
  await sql`
    create temporary table timeline_fill as
    select m.id as member_id, array(
      select x.feed_seq from (
        select unnest(case when a.author_id = m.id then l.own
                           when a.friend then l.friends else l.everyone end) as feed_seq
        from (
          select a.author_id, bool_or(a.friend) as friend from (
            select m.id as author_id, true as friend
            union all
            select f.friend_id, true from friendships f where f.user_id = m.id
            union all
            select fo.followee_id, false from follows fo where fo.follower_id = m.id
          ) a
          group by a.author_id
        ) a
        join timeline_fill_authors l on l.author_id = a.author_id
        union all
        select p.feed_seq from post_grants g join posts p on p.id = g.post_id
        where g.user_id = m.id and g.action = 'view' and p.author_id <> m.id
          and p.status = 'published' and p.feed_seq is not null and p.deleted_at is null
          and p.moderation_state = 'visible'
          and not exists (select 1 from timeline_pull_authors pa where pa.author_id = p.author_id)
          and case when exists (select 1 from friendships f
                                where f.user_id = m.id and f.friend_id = p.author_id)
                then p.visibility = 'private'
                else p.visibility <> 'public' and exists (select 1 from follows fo
                  where fo.follower_id = m.id and fo.followee_id = p.author_id) end
      ) x
      order by x.feed_seq desc
      limit (select max_posts + 1 from timeline_settings)) as feed_seqs
    from users m`.execute(db);
  await sql`
    insert into home_timelines (member_id, feed_seq)
    select member_id, unnest(feed_seqs[1:(select max_posts from timeline_settings)])
    from timeline_fill`.execute(db);
  await sql`
    insert into home_timeline_floors (member_id, floor_seq)
    select member_id, feed_seqs[(select max_posts from timeline_settings)] from timeline_fill
    where cardinality(feed_seqs) > (select max_posts from timeline_settings)`.execute(db);
  await sql`drop table timeline_fill, timeline_fill_authors`.execute(db);
  // A member's timeline newest first; a post's entries in every timeline, so that a post leaves
  // them all without knowing who had it.
  await sql`alter table home_timelines add primary key (member_id, feed_seq)`.execute(db);
  await sql`create index home_timelines_post on home_timelines (feed_seq)`.execute(db);
  await sql`reset maintenance_work_mem`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table timeline_settings`.execute(db);
  await sql`drop table timeline_pull_authors`.execute(db);
  await sql`drop table home_timeline_floors`.execute(db);
  await sql`drop table home_timelines`.execute(db);
  await sql`drop index posts_feed_seq`.execute(db);
}
