import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import {
  addDays,
  analyticsMessages,
  analyticsReportSchema,
  utcDate,
  type AnalyticsReport,
} from '../../shared/analytics';
import type { Post } from '../../shared/posts';
import { profileViews } from '../../server/domains/profiles/profile-views';
import { postViews } from '../../server/domains/posts/views';
import { as, signIn, signUp, snapshotTable, type TestMember } from '../support/factories';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

// Views are written when a test says so, never by the worker's timer mid-test.
const stack = useServerWithDatabase({ env: { POST_VIEWS_FLUSH_MS: '3600000' } });
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);
const TABLES = ['analytics_member_daily', 'analytics_site_daily', 'analytics_active_days'];

let owner: TestMember;

beforeAll(async () => {
  // The first account of the database is its owner.
  owner = await signUp(stack.server);
});

async function report(who: TestMember, query: string): Promise<AnalyticsReport> {
  return analyticsReportSchema.parse((await api(who).get(`/analytics?${query}`).expect(200)).body);
}

const today = () => utcDate(new Date());

async function publish(author: TestMember): Promise<Post> {
  const res = await api(author)
    .post('/posts', { title: 'A post', content: 'Some words', status: 'published' })
    .expect(201);
  return res.body as Post;
}

async function activeToday(): Promise<string[]> {
  const { rows } = await sql<{ member_id: string }>`
    select member_id from analytics_active_days where day = ${today()}::date`.execute(db());
  return rows.map((row) => row.member_id);
}

describe('what members do', () => {
  it("counts others' views and engagement of a member's posts and profile, and their followers", async () => {
    const site = await report(owner, 'range=7d&scope=site');
    const [ana, ben, cai] = [
      await signUp(stack.server),
      await signUp(stack.server),
      await signUp(stack.server),
    ];
    const post = await publish(ana);
    await api(ben).post(`/posts/${post.id}/view`).expect(204);
    await api(cai).post(`/posts/${post.id}/view`).expect(204);
    // The author's own view, like and comment are not counted.
    await api(ana).post(`/posts/${post.id}/view`).expect(204);
    await api(ana).post(`/posts/${post.id}/like`).expect(200);
    await api(ana).post(`/posts/${post.id}/comments`, { content: 'mine' }).expect(201);
    await api(ben).post(`/posts/${post.id}/like`).expect(200);
    await api(cai).post(`/posts/${post.id}/comments`, { content: 'Nice' }).expect(201);
    await api(ben).post(`/posts/${post.id}/share`, { channel: 'link' }).expect(200);
    await api(ben).post(`/users/${ana.id}/view`).expect(204);
    await api(ben).post(`/users/${ana.id}/follow`).expect(200);
    await api(cai).post(`/users/${ana.id}/follow`).expect(200);
    await api(cai).delete(`/users/${ana.id}/follow`).expect(200);
    await postViews(stack.server.application.deps).flush();
    await profileViews(stack.server.application.deps).flush();

    const mine = await report(ana, 'range=7d&scope=me');
    expect(mine.totals).toEqual({
      views: 3,
      postViews: 2,
      profileViews: 1,
      likes: 1,
      comments: 1,
      shares: 1,
      engagementRate: 150,
      activeMembers: null,
      followersGained: 1,
      revenue: null,
      pageViews: null,
    });
    expect(mine.bucket).toBe('day');
    expect(mine.series).toHaveLength(7);
    expect(mine.series.at(-1)).toEqual({ from: today(), to: today(), ...mine.totals });
    expect(mine.series.slice(0, 6).every((point) => point.views === 0)).toBe(true);
    expect(mine.previous.views).toBe(0);
    expect(mine.currency).toBeNull();
    // Ben sees none of Ana's figures as his own.
    expect((await report(ben, 'range=7d')).totals.views).toBe(0);

    const after = await report(owner, 'range=7d&scope=site');
    expect(after.totals.postViews - site.totals.postViews).toBe(2);
    expect(after.totals.profileViews - site.totals.profileViews).toBe(1);
    expect(after.totals.likes - site.totals.likes).toBe(1);
    expect(after.totals.comments - site.totals.comments).toBe(1);
    expect(after.totals.shares - site.totals.shares).toBe(1);
    expect(after.totals.followersGained).toBeNull();
    expect(after.currency).toBe('USD');
    expect(await activeToday()).toEqual(expect.arrayContaining([ana.id, ben.id, cai.id]));
  });

  it('counts a member who only signed in as active that day', async () => {
    const dan = await signUp(stack.server);
    await sql`delete from analytics_active_days where member_id = ${dan.id}::uuid`.execute(db());
    await signIn(stack.server, { email: dan.email, password: dan.password }).expect(200);
    expect(await activeToday()).toContain(dan.id);
  });

  it('counts a member whose session is used as active that day, once a minute at most', async () => {
    const eve = await signUp(stack.server);
    await sql`delete from analytics_active_days where member_id = ${eve.id}::uuid`.execute(db());
    // Used within the last minute: not stamped again.
    await as(stack.server, eve).get('/me/badges').expect(200);
    expect(await activeToday()).not.toContain(eve.id);
    await sql`update sessions set last_activity_at = now() - interval '2 minutes'
      where user_id = ${eve.id}::uuid`.execute(db());
    await as(stack.server, eve).get('/me/badges').expect(200);
    expect(await activeToday()).toContain(eve.id);
  });
});

describe('figures from the rollups', () => {
  it('adds up the rows of each period, the active members and the ad revenue', async () => {
    // The previous 7-day period is 13 to 7 days ago: nothing but these rows is in it.
    const before = addDays(today(), -10);
    await sql`insert into analytics_site_daily (day, metric, shard, count) values
      (${before}::date, 'post_view', 0, 30), (${before}::date, 'post_view', 5, 10),
      (${addDays(today(), -8)}::date, 'profile_view', 1, 5),
      (${before}::date, 'like', 2, 3), (${before}::date, 'comment', 3, 2),
      (${before}::date, 'share', 4, 1), (${before}::date, 'page_view', 6, 4)`.execute(db());
    const members = [randomUUID(), randomUUID(), randomUUID()];
    for (const [index, member] of members.entries()) {
      await sql`insert into analytics_active_days (day, member_id) values
        (${addDays(today(), -9 - index)}::date, ${member}::uuid),
        (${addDays(today(), -13)}::date, ${member}::uuid)`.execute(db());
    }
    await sql`insert into ad_metrics_daily (ad_id, day, impressions, clicks) values
      ('analytics-a', ${before}::date, 2000, 10), ('analytics-b', ${before}::date, 400, 0),
      ('analytics-a', ${today()}::date, 1000, 5)`.execute(db());

    const site = await report(owner, 'range=7d&scope=site');
    expect(site.previousPeriod).toEqual({ from: addDays(today(), -13), to: addDays(today(), -7) });
    expect(site.previous).toEqual({
      views: 45,
      postViews: 40,
      profileViews: 5,
      likes: 3,
      comments: 2,
      shares: 1,
      engagementRate: 15,
      activeMembers: 3,
      followersGained: null,
      // 2.4 thousand impressions at 2.5 and 10 clicks at 0.4 (the default prices).
      revenue: 10,
      pageViews: 4,
    });
    expect(site.totals.revenue).toBe(4.5);
    expect(site.series.at(-1)!.revenue).toBe(4.5);
  });

  it('cuts 90 days into weeks and 12 months into calendar months', async () => {
    const eve = await signUp(stack.server);
    const longAgo = addDays(today(), -200);
    await sql`insert into analytics_member_daily (member_id, day, metric, count) values
      (${eve.id}::uuid, ${longAgo}::date, 'post_view', 7),
      (${eve.id}::uuid, ${addDays(today(), -400)}::date, 'post_view', 2)`.execute(db());

    const quarter = await report(eve, 'range=90d&scope=me');
    expect(quarter.bucket).toBe('week');
    expect(quarter.series).toHaveLength(13);
    expect(quarter.series[0]!.from).toBe(addDays(today(), -89));
    expect(quarter.series.at(-1)!.to).toBe(today());
    expect(quarter.totals.views).toBe(0);

    const year = await report(eve, 'range=12m&scope=me');
    expect(year.bucket).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.period.from.endsWith('-01')).toBe(true);
    expect(year.totals.postViews).toBe(7);
    const month = year.series.find((point) => point.from <= longAgo && point.to >= longAgo)!;
    expect(month.postViews).toBe(7);
    expect(year.previous.postViews).toBe(2);
  });
});

describe('who may read what', () => {
  it('gives the site only to owners, and refuses bad ranges', async () => {
    const member = await signUp(stack.server);
    const refused = await api(member).get('/analytics?scope=site').expect(403);
    expect(refused.body.error).toMatchObject({
      code: 'owners-only',
      message: analyticsMessages.siteOwnersOnly,
    });
    await api(owner).post('/moderation/moderators', { userId: member.id }).expect(204);
    await api(member).get('/analytics?scope=site').expect(403);
    await request(stack.server.url).get('/api/analytics').expect(401);

    for (const query of ['range=1y', 'range=', 'scope=everyone', 'range=7d&extra=1']) {
      const bad = await api(member).get(`/analytics?${query}`).expect(400);
      expect(bad.body.error.code).toBeDefined();
    }
    const byDefault = await report(member, '');
    expect([byDefault.range, byDefault.scope]).toEqual(['30d', 'me']);
  });
});

describe('page views', () => {
  /** A second session of the member: another visit. */
  async function anotherSession(member: TestMember): Promise<TestMember> {
    const res = await signIn(stack.server, { email: member.email, password: member.password });
    expect(res.status).toBe(200);
    return { ...member, cookie: String(res.headers['set-cookie']).split(';')[0]! };
  }

  it('counts the home page at / once per session (000 §2), for the site only', async () => {
    const site = await report(owner, 'range=7d&scope=site');
    const hal = await signUp(stack.server);
    await api(hal).post('/analytics/page-views', { path: '/' }).expect(204);
    await api(hal).post('/analytics/page-views', { path: '/' }).expect(204);
    const other = await anotherSession(hal);
    // Two tabs of one session opening / at once still count one visit.
    await Promise.all(
      [1, 2, 3].map(() => api(other).post('/analytics/page-views', { path: '/' }).expect(204)),
    );
    const after = await report(owner, 'range=7d&scope=site');
    expect(after.totals.pageViews! - site.totals.pageViews!).toBe(2);
    expect(after.series.at(-1)!.pageViews! - site.series.at(-1)!.pageViews!).toBe(2);
    expect((await report(hal, 'range=7d&scope=me')).totals.pageViews).toBeNull();
  });

  it('refuses a page it does not count, and a visitor', async () => {
    const ivy = await signUp(stack.server);
    const refused = await api(ivy).post('/analytics/page-views', { path: '/friends' }).expect(400);
    expect(refused.body.error.code).toBe('validation');
    await request(stack.server.url)
      .post('/api/analytics/page-views')
      .send({ path: '/' })
      .expect(401);
  });
});

describe('a deleted account and a rebuild', () => {
  it("drops the member's rows, keeps the site's totals, and rebuilds the same rollups", async () => {
    const [fay, gus] = [await signUp(stack.server), await signUp(stack.server)];
    const post = await publish(fay);
    await api(gus).post(`/posts/${post.id}/like`).expect(200);
    await api(gus).post('/analytics/page-views', { path: '/' }).expect(204);
    const site = await report(owner, 'range=7d&scope=site');

    await api(fay)
      .post('/me/delete', { password: fay.password, confirmation: 'DELETE' })
      .expect(204);
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from analytics_member_daily where member_id = ${fay.id}::uuid)
        + (select count(*) from analytics_active_days where member_id = ${fay.id}::uuid) as n`.execute(
      db(),
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await report(owner, 'range=7d&scope=site')).totals.likes).toBe(site.totals.likes);

    // Rows this file inserted by hand are not in the log; they go before comparing.
    await sql`delete from analytics_site_daily where day < ${today()}::date`.execute(db());
    await sql`delete from analytics_active_days where day < ${today()}::date`.execute(db());
    await sql`delete from analytics_member_daily where day < ${today()}::date`.execute(db());
    const before = await Promise.all(TABLES.map((table) => snapshotTable(db(), table)));
    await rebuild(db());
    expect(await Promise.all(TABLES.map((table) => snapshotTable(db(), table)))).toEqual(before);
  });
});
