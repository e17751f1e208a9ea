import { sql, type RawBuilder } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/*
 * Home timelines, fanned out on write (docs/architecture.md, "Home timelines"). A member's
 * timeline (`home_timelines`) lists by feed order the posts the feed would show them from the
 * authors they read: themself, their friends and the members they follow. The projection keeps
 * one invariant: at or above the member's floor (`home_timeline_floors`; no floor, everything),
 * every such post the member may be shown is there, except those of pull authors; below it,
 * nothing is. The feed reads the timeline above the floor, merges the pull authors' own indexes,
 * and below the floor reads every author's index as the feed did before timelines.
 *
 * Whether a member may be shown a post is decided here only by what the post and the pair say
 * (status, trash, moderation, visibility, friendship, named members); blocks end friendships and
 * follows, and the reader still asks the relations policy of the few posts of a page.
 */

const maxPosts = sql<number>`(select max_posts from timeline_settings)`;
const fanoutMaxFollowers = sql<number>`(select fanout_max_followers from timeline_settings)`;

/**
 * A member receiving a post cuts their timeline back to `max_posts` when a hash of the two says
 * so, on average once every quarter of `max_posts` posts: deciding costs no counter row written
 * per member and post, and the same posts cut the same timelines in a rebuild.
 */
const cutsBack = (member: RawBuilder<unknown>, feedSeq: RawBuilder<unknown>) =>
  sql<boolean>`uuid_hash_extended(${member}, ${feedSeq}) % greatest(${maxPosts} / 4, 1) = 0`;

const uuid = (id: string) => sql`${id}::uuid`;

/** The author's posts are merged at read time instead of fanned out. */
export const isPullAuthor = (author: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from timeline_pull_authors pa where pa.author_id = ${author})`;

/** `author` has more followers than a timeline fans out to: they become a pull author. */
const outgrowsFanout = (author: RawBuilder<unknown>) =>
  sql<boolean>`(select count(*) from (select 1 from follows fo where fo.followee_id = ${author}
    limit ${fanoutMaxFollowers} + 1) x) > ${fanoutMaxFollowers}`;

/** Friendship, which lets a member list friends-only posts. */
const areFriends = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from friendships f where f.user_id = ${a} and f.friend_id = ${b})`;

/** `author` is one whose posts `member` reads: themself, a friend or a member they follow. */
export const readsAuthor = (member: RawBuilder<unknown>, author: RawBuilder<unknown>) =>
  sql<boolean>`(${member} = ${author} or ${areFriends(member, author)}
    or exists (select 1 from follows fo
      where fo.follower_id = ${member} and fo.followee_id = ${author}))`;

/**
 * The post aliased `p` may be listed for `member`: published, not in the trash, and the author's
 * own unless removed by a moderator; anyone else's only while visible, by its visibility.
 */
const listed = (member: RawBuilder<unknown>, friend: RawBuilder<boolean>) =>
  sql<boolean>`(p.status = 'published' and p.feed_seq is not null and p.deleted_at is null
    and case when p.author_id = ${member} then p.moderation_state <> 'removed'
      else p.moderation_state = 'visible'
        and (p.visibility = 'public'
          or (p.visibility = 'friendsOnly' and ${friend})
          or exists (select 1 from post_grants g
            where g.post_id = p.id and g.action = 'view' and g.user_id = ${member}))
    end)`;

/** Who reads `author`'s posts, each with whether they are a friend (the author counts as one). */
const readersOf = (author: RawBuilder<unknown>) => sql`(
  select ${author} as member_id, true as friend
  union all
  select f.friend_id, true from friendships f where f.user_id = ${author}
  union all
  select fo.follower_id, false from follows fo where fo.followee_id = ${author})`;

const floorOf = (member: RawBuilder<unknown>) =>
  sql<number>`coalesce((select fl.floor_seq from home_timeline_floors fl
    where fl.member_id = ${member}), 0)`;

/**
 * Cuts the timelines of `members` (a query of `member_id` rows) back to the newest `max_posts`:
 * the floor rises to the last one kept, for the members who lost any, and their reposts below
 * it go too. Reposts do not count towards `max_posts`: a timeline holds its authors' reposts
 * down to the floor its posts set.
 */
const cutBack = (members: RawBuilder<unknown>) =>
  statement(sql`with cut as (
      select d.member_id, (select t.feed_seq from home_timelines t
        where t.member_id = d.member_id
        order by t.feed_seq desc offset ${maxPosts} - 1 limit 1) as floor_seq
      from (${members}) d
    ), gone as (
      delete from home_timelines t using cut
      where t.member_id = cut.member_id and t.feed_seq < cut.floor_seq
      returning t.member_id
    ), reposts_gone as (
      delete from home_timeline_reposts r using cut
      where r.member_id = cut.member_id and r.feed_seq < cut.floor_seq
        and cut.member_id in (select member_id from gone)
    )
    insert into home_timeline_floors (member_id, floor_seq)
    select cut.member_id, cut.floor_seq from cut
    where cut.member_id in (select member_id from gone)
    on conflict (member_id) do update
      set floor_seq = greatest(home_timeline_floors.floor_seq, excluded.floor_seq)`);

/**
 * The post as it now is, in every timeline that should list it and in no other: its author
 * joins the pull authors once they have more followers than the setting; it leaves the
 * timelines that may no longer list it; it is fanned out (one set-based insert) to its author's
 * readers unless its author is a pull author, above each one's floor; and the readers whose
 * turn it is are cut back. Used for every change of a post that moves who may be shown it.
 */
export function syncPost(postId: string): Statement[] {
  const post = uuid(postId);
  return [
    statement(sql`insert into timeline_pull_authors (author_id)
      select p.author_id from posts p
      where p.id = ${post} and p.status = 'published'
        and not ${isPullAuthor(sql.ref('p.author_id'))}
        and ${outgrowsFanout(sql.ref('p.author_id'))}
      on conflict do nothing`),
    statement(sql`delete from home_timelines t using posts p
      where p.id = ${post} and t.feed_seq = p.feed_seq
        and not (${readsAuthor(sql.ref('t.member_id'), sql.ref('p.author_id'))}
          and ${listed(
            sql.ref('t.member_id'),
            sql<boolean>`(t.member_id = p.author_id
              or ${areFriends(sql.ref('t.member_id'), sql.ref('p.author_id'))})`,
          )})`),
    statement(sql`insert into home_timelines (member_id, feed_seq)
      select r.member_id, p.feed_seq
      from posts p cross join lateral ${readersOf(sql.ref('p.author_id'))} r
      where p.id = ${post} and not ${isPullAuthor(sql.ref('p.author_id'))}
        and ${listed(sql.ref('r.member_id'), sql.ref('r.friend'))}
        and p.feed_seq >= ${floorOf(sql.ref('r.member_id'))}
      on conflict do nothing`),
    cutBack(sql`select distinct r.member_id
      from posts p cross join lateral ${readersOf(sql.ref('p.author_id'))} r
      where p.id = ${post} and p.feed_seq is not null
        and ${cutsBack(sql.ref('r.member_id'), sql.ref('p.feed_seq'))}`),
  ];
}

/**
 * What `member` lists of `author`'s posts, after the two became or stopped being friends, or one
 * followed or unfollowed the other: posts they may no longer be shown leave; if they still read
 * the author (a pull author excepted), the author's newest listable posts above the floor come
 * in, at most `max_posts`, and the timeline is cut back, so that every post of theirs above the
 * new floor is there.
 */
export function syncReader(memberId: string, authorId: string): Statement[] {
  const member = uuid(memberId);
  const author = uuid(authorId);
  const friend = sql<boolean>`(${member} = ${author} or ${areFriends(member, author)})`;
  return [
    statement(sql`delete from home_timelines t using posts p
      where t.member_id = ${member} and p.feed_seq = t.feed_seq and p.author_id = ${author}
        and not (${readsAuthor(member, author)} and ${listed(member, friend)})`),
    statement(sql`insert into home_timelines (member_id, feed_seq)
      select ${member}, x.feed_seq from (
        select p.feed_seq from posts p
        where p.author_id = ${author} and p.status = 'published'
          and p.feed_seq >= ${floorOf(member)} and ${listed(member, friend)}
        order by p.feed_seq desc
        limit ${maxPosts}) x
      where ${readsAuthor(member, author)} and not ${isPullAuthor(author)}
      on conflict do nothing`),
    statement(sql`delete from home_timeline_reposts t
      where t.member_id = ${member} and t.reposted_by = ${author}
        and not ${readsAuthor(member, author)}`),
    statement(sql`insert into home_timeline_reposts (member_id, feed_seq, post_seq, reposted_by)
      select ${member}, r.feed_seq, p.feed_seq, r.member_id
      from reposts r join posts p on p.id = r.post_id
      where r.member_id = ${author} and p.feed_seq is not null
        and r.feed_seq >= ${floorOf(member)}
        and ${readsAuthor(member, author)} and not ${isPullAuthor(author)}
      on conflict do nothing`),
    cutBack(sql`select ${member} as member_id`),
  ];
}

/**
 * A member's repost of a post as it now is, in the timelines of everyone who reads them (as
 * their posts are fanned out: above each reader's floor, unless they are a pull author, whose
 * reposts are merged at read time), or in none once it is undone. Whether a reader may see the
 * post is asked when the feed is read, as it was of reposts merged at read time.
 */
export function syncRepost(postId: string, userId: string): Statement[] {
  const post = uuid(postId);
  const reposter = uuid(userId);
  const made = sql<boolean>`exists (select 1 from reposts r
    where r.post_id = ${post} and r.member_id = ${reposter})`;
  return [
    statement(sql`insert into timeline_pull_authors (author_id)
      select ${reposter} where ${made} and not ${isPullAuthor(reposter)}
        and ${outgrowsFanout(reposter)}
      on conflict do nothing`),
    statement(sql`delete from home_timeline_reposts t using posts p
      where p.id = ${post} and t.post_seq = p.feed_seq and t.reposted_by = ${reposter}
        and not ${made}`),
    statement(sql`insert into home_timeline_reposts (member_id, feed_seq, post_seq, reposted_by)
      select rd.member_id, r.feed_seq, p.feed_seq, r.member_id
      from reposts r join posts p on p.id = r.post_id
      cross join lateral ${readersOf(reposter)} rd
      where r.post_id = ${post} and r.member_id = ${reposter} and p.feed_seq is not null
        and not ${isPullAuthor(reposter)}
        and r.feed_seq >= ${floorOf(sql.ref('rd.member_id'))}
      on conflict do nothing`),
  ];
}

/** A post about to be deleted leaves every timeline, and every reader's reposts of it go. */
export function removePost(postId: string): Statement[] {
  const feedSeq = sql`(select feed_seq from posts where id = ${uuid(postId)})`;
  return [
    statement(sql`delete from home_timelines where feed_seq = ${feedSeq}`),
    statement(sql`delete from home_timeline_reposts where post_seq = ${feedSeq}`),
  ];
}

/**
 * A deleted member's timeline, and their posts and reposts in everyone's, before their posts and
 * reposts go: the friendships and follows that placed them are gone by now, the posts' feed order
 * is not.
 */
export function eraseMemberTimeline(userId: string): Statement[] {
  const member = uuid(userId);
  return [
    statement(sql`delete from home_timelines
      where feed_seq in (select feed_seq from posts where author_id = ${member})`),
    statement(sql`delete from home_timeline_reposts
      where post_seq in (select feed_seq from posts where author_id = ${member})`),
    // Their reposts of others' posts, which the reposts projection removes after this one.
    statement(sql`delete from home_timeline_reposts t
      using reposts r join posts p on p.id = r.post_id
      where r.member_id = ${member} and t.post_seq = p.feed_seq and t.reposted_by = ${member}`),
    statement(sql`delete from home_timelines where member_id = ${member}`),
    statement(sql`delete from home_timeline_reposts where member_id = ${member}`),
    statement(sql`delete from home_timeline_floors where member_id = ${member}`),
    statement(sql`delete from timeline_pull_authors where author_id = ${member}`),
  ];
}
