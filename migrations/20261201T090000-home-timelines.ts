import { sql, type Kysely } from 'kysely';

/** What the settings row holds until a server starts with its own configuration. */
const DEFAULT_FANOUT_MAX_FOLLOWERS = 10_000;
const DEFAULT_MAX_POSTS = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A post is named in timelines by its feed order (unique: the log position of one event).
  await sql`create unique index posts_feed_seq on posts (feed_seq)`.execute(db);

  // Each member's home timeline, newest first by the primary key; the post it holds is the one
  // of that feed order. The second index finds a post's entries in every timeline, so a post
  // leaves them all without knowing who had it.
  await sql`
    create table home_timelines (
      member_id uuid not null,
      feed_seq bigint not null,
      primary key (member_id, feed_seq)
    )`.execute(db);
  await sql`create index home_timelines_post on home_timelines (feed_seq)`.execute(db);
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
 * The timelines of a community that had none: the authors with more followers than the setting
 * go to the pull path, and every member's timeline gets the newest `max_posts` posts it would
 * list (their own, their friends' and the members they follow, as the projection decides),
 * with the floor under them when there were more. This is a state the projection keeps (it cuts
 * a timeline back to `max_posts` now and then, so its timelines hold that many or a few more);
 * a test compares the two where no cut happened. The benchmark seeds its timelines with it.
 */
export async function fillHomeTimelines(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into timeline_pull_authors (author_id)
    select followee_id from follows group by followee_id
    having count(*) > (select fanout_max_followers from timeline_settings)
    on conflict do nothing`.execute(db);
  await sql`
    with fill as materialized (
      select m.id as member_id, c.feed_seq, c.rank
      from users m
      cross join lateral (
        select x.feed_seq, row_number() over (order by x.feed_seq desc) as rank
        from (
          select a.author_id, bool_or(a.friend) as friend from (
            select m.id as author_id, true as friend
            union all
            select f.friend_id, true from friendships f where f.user_id = m.id
            union all
            select fo.followee_id, false from follows fo where fo.follower_id = m.id
          ) a
          where not exists (select 1 from timeline_pull_authors pa
            where pa.author_id = a.author_id)
          group by a.author_id
        ) a
        cross join lateral (
          select p.feed_seq from posts p
          where p.author_id = a.author_id and p.status = 'published' and p.feed_seq is not null
            and p.deleted_at is null
            and (case when p.author_id = m.id then p.moderation_state <> 'removed'
                 else p.moderation_state = 'visible'
                   and (p.visibility = 'public'
                     or (p.visibility = 'friendsOnly' and a.friend)
                     or exists (select 1 from post_grants g
                       where g.post_id = p.id and g.action = 'view' and g.user_id = m.id)) end)
          order by p.feed_seq desc
          limit (select max_posts + 1 from timeline_settings)
        ) x
        order by x.feed_seq desc
        limit (select max_posts + 1 from timeline_settings)
      ) c
    ), floors as (
      insert into home_timeline_floors (member_id, floor_seq)
      select member_id, feed_seq from fill
      where rank = (select max_posts from timeline_settings)
        and member_id in (select member_id from fill
          where rank > (select max_posts from timeline_settings))
    )
    insert into home_timelines (member_id, feed_seq)
    select member_id, feed_seq from fill
    where rank <= (select max_posts from timeline_settings)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table timeline_settings`.execute(db);
  await sql`drop table timeline_pull_authors`.execute(db);
  await sql`drop table home_timeline_floors`.execute(db);
  await sql`drop table home_timelines`.execute(db);
  await sql`drop index posts_feed_seq`.execute(db);
}
