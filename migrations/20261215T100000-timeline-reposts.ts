import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Reposts in home timelines, fanned out on write as posts are: the feed read every author's
  // reposts index for each page (138 probes for a member reading 138 authors, about 40% of the
  // page's statement), where a reader's reposts are now one range scan of their own. The entry
  // sorts by the repost's position and shows the post at `post_seq`; the index covers both so
  // the feed reads it alone.
  await sql`
    create table home_timeline_reposts (
      member_id uuid not null,
      feed_seq bigint not null,
      post_seq bigint not null,
      reposted_by uuid not null,
      primary key (member_id, feed_seq) include (post_seq, reposted_by)
    )`.execute(db);
  // A repost undone, an original deleted: every reader's entry of it, by the post.
  await sql`create index home_timeline_reposts_post
    on home_timeline_reposts (post_seq, reposted_by)`.execute(db);
  await fillTimelineReposts(db);
}

/**
 * The entries the projection keeps for the reposts already made: each repost by an author who is
 * not a pull author, for the author and every friend and follower of theirs, at or above the
 * reader's floor (home-timeline.ts, `syncRepost`).
 */
export async function fillTimelineReposts(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into home_timeline_reposts (member_id, feed_seq, post_seq, reposted_by)
    select rd.member_id, r.feed_seq, p.feed_seq, r.member_id
    from reposts r
    join posts p on p.id = r.post_id and p.feed_seq is not null
    cross join lateral (
      select r.member_id as member_id
      union all
      select f.friend_id from friendships f where f.user_id = r.member_id
      union all
      select fo.follower_id from follows fo where fo.followee_id = r.member_id) rd
    where not exists (select 1 from timeline_pull_authors pa where pa.author_id = r.member_id)
      and r.feed_seq >= coalesce((select fl.floor_seq from home_timeline_floors fl
        where fl.member_id = rd.member_id), 0)
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table home_timeline_reposts`.execute(db);
}
