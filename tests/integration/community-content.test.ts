import {
  communityContentMessages as messages,
  type CommunityPost,
  type CommunityPostPage,
  type Discussion,
  type DiscussionPage,
  type DiscussionReply,
  type DiscussionThread,
} from '../../shared/community-content';
import {
  as,
  countEvents,
  signUpMembers,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { communityCounts, communityOf, memberCounts } from '../support/communities';
import type { Server } from 'socket.io';
import { COMMUNITY_CONTENT_SOCKET_EVENTS as EVENTS } from '../../shared/community-content/live';
import { communityRoom } from '../../server/domains/communities/community-rooms';
import { createCommunityContentPusher } from '../../server/domains/community-content/content-pusher';
import { currentCheckpoint, readCommittedAfter } from '../../server/eventstore/read';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

/** A community with an admin, a moderator and a member, and an outsider who belongs to none. */
async function scene(privacy: 'public' | 'restricted' | 'private' = 'public') {
  const [admin, moderator, member, outsider] = await signUpMembers(stack.server, 4);
  const communityId = await communityOf(stack.server, privacy, admin, [
    { member: moderator, role: 'moderator' },
    { member },
  ]);
  return { communityId, admin, moderator, member, outsider };
}

async function start(by: TestMember, communityId: string, fields: object = {}) {
  const res = await api(by)
    .post(`/communities/${communityId}/discussions`, {
      title: 'Hello there',
      content: 'Let us talk',
      tags: ['intro'],
      category: 'general',
      ...fields,
    })
    .expect(201);
  return res.body as Discussion;
}

async function postIn(by: TestMember, communityId: string, fields: object = {}) {
  const res = await api(by)
    .post(`/communities/${communityId}/posts`, { content: 'A post', ...fields })
    .expect(201);
  return res.body as CommunityPost;
}

describe('discussions', () => {
  it('starts, lists sticky first then by activity, replies and counts', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const first = await start(member, communityId, { title: 'First', tags: [' a ', 'a', 'b'] });
    expect(first).toMatchObject({
      title: 'First',
      tags: ['a', 'b'],
      replies: 0,
      isSticky: false,
      isLocked: false,
      lastReply: null,
      author: { id: member.id },
    });
    const second = await start(admin, communityId, { title: 'Second' });

    // A reply moves the first back to the top and is kept as its last reply.
    const reply = (
      await api(moderator)
        .post(`/discussions/${first.id}/replies`, { content: 'Me too\nsecond line' })
        .expect(201)
    ).body as DiscussionReply;
    expect(reply).toMatchObject({ discussionId: first.id, content: 'Me too\nsecond line' });
    let page = (await api(member).get(`/communities/${communityId}/discussions`).expect(200))
      .body as DiscussionPage;
    expect(page.discussions.map((d) => d.id)).toEqual([first.id, second.id]);
    expect(page.discussions[0]).toMatchObject({
      replies: 1,
      lastReply: { author: { id: moderator.id }, timestamp: reply.timestamp },
    });

    // Sticky goes first whatever the activity.
    await api(admin).patch(`/discussions/${second.id}`, { isSticky: true }).expect(200);
    page = (await api(member).get(`/communities/${communityId}/discussions?limit=1`).expect(200))
      .body as DiscussionPage;
    expect(page.discussions.map((d) => d.id)).toEqual([second.id]);
    const next = (
      await api(member)
        .get(`/communities/${communityId}/discussions?limit=1&cursor=${page.nextCursor}`)
        .expect(200)
    ).body as DiscussionPage;
    expect(next.discussions.map((d) => d.id)).toEqual([first.id]);
    expect(next.nextCursor).toBeNull();

    expect(await communityCounts(db(), communityId)).toEqual({
      discussion_count: 2,
      post_count: 0,
    });
    expect(await memberCounts(db(), communityId, moderator.id)).toMatchObject({ post_count: 1 });
    expect(
      (await memberCounts(db(), communityId, moderator.id)).last_active_at?.toISOString(),
    ).toBe(reply.timestamp);
  });

  it('shows the thread oldest first in pages and counts a view once per viewer', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const discussion = await start(member, communityId);
    for (const content of ['one', 'two', 'three']) {
      await api(admin).post(`/discussions/${discussion.id}/replies`, { content }).expect(201);
    }
    const thread = (await api(moderator).get(`/discussions/${discussion.id}?limit=2`).expect(200))
      .body as DiscussionThread;
    expect(thread.replies.map((r) => r.content)).toEqual(['one', 'two']);
    expect(thread.discussion.views).toBe(1);
    const rest = (
      await api(moderator)
        .get(`/discussions/${discussion.id}?limit=2&cursor=${thread.nextCursor}`)
        .expect(200)
    ).body as DiscussionThread;
    expect(rest.replies.map((r) => r.content)).toEqual(['three']);
    await api(moderator).get(`/discussions/${discussion.id}`).expect(200);
    await api(admin).get(`/discussions/${discussion.id}`).expect(200);
    // The author's own views are not counted.
    const seen = (await api(member).get(`/discussions/${discussion.id}`).expect(200))
      .body as DiscussionThread;
    expect(seen.discussion.views).toBe(2);
  });

  it("tells the discussion's author of replies, grouped, and never of their own", async () => {
    const { communityId, admin, member, moderator } = await scene();
    const discussion = await start(member, communityId);
    await api(member)
      .post(`/discussions/${discussion.id}/replies`, { content: 'mine' })
      .expect(201);
    await api(admin).post(`/discussions/${discussion.id}/replies`, { content: 'one' }).expect(201);
    await api(moderator).post(`/discussions/${discussion.id}/replies`, { content: 'two' });
    const res = await api(member).get('/notifications').expect(200);
    const replies = (
      res.body.notifications as { type: string; title: string; actionUrl: string }[]
    ).filter((n) => n.type === 'discussion_replied');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.title).toMatch(/and 1 other replied to your discussion$/);
    expect(replies[0]!.actionUrl).toContain(discussion.id);
  });

  it('refuses replies in a locked discussion, and only managers lock', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const discussion = await start(member, communityId);
    const refused = await api(member)
      .patch(`/discussions/${discussion.id}`, { isLocked: true })
      .expect(403);
    expect(refused.body.error.message).toBe(messages.managersOnly);
    const locked = (
      await api(moderator).patch(`/discussions/${discussion.id}`, { isLocked: true }).expect(200)
    ).body as Discussion;
    expect(locked).toMatchObject({ isLocked: true, version: discussion.version + 1 });

    const before = await countEvents(db());
    const res = await api(admin)
      .post(`/discussions/${discussion.id}/replies`, { content: 'Too late' })
      .expect(409);
    expect(res.body.error.message).toBe(messages.locked);
    expect(await countEvents(db())).toBe(before);

    // Setting what is already set changes nothing.
    await api(admin).patch(`/discussions/${discussion.id}`, { isLocked: true }).expect(200);
    expect(await countEvents(db())).toBe(before);
    await api(admin).patch(`/discussions/${discussion.id}`, { isLocked: false }).expect(200);
    await api(member).post(`/discussions/${discussion.id}/replies`, { content: 'Ok' }).expect(201);
  });

  it('refuses outsiders, blank text and bad input, writing nothing', async () => {
    const { communityId, member, outsider } = await scene();
    const discussion = await start(member, communityId);
    const before = await countEvents(db());
    // A public community's content is readable, but only members write in it.
    await api(outsider).get(`/communities/${communityId}/discussions`).expect(200);
    await api(outsider).get(`/discussions/${discussion.id}`).expect(200);
    const notMember = await api(outsider)
      .post(`/communities/${communityId}/discussions`, { title: 'Hi', content: 'x' })
      .expect(403);
    expect(notMember.body.error.message).toBe(messages.membersOnly);
    await api(outsider)
      .post(`/discussions/${discussion.id}/replies`, { content: 'Hi' })
      .expect(403);
    await api(outsider).delete(`/discussions/${discussion.id}`).expect(403);

    const blank = await api(member)
      .post(`/discussions/${discussion.id}/replies`, { content: ' \n\u200b ' })
      .expect(400);
    expect(blank.body.error.message).toContain(messages.replyBlank);
    await api(member)
      .post(`/communities/${communityId}/discussions`, { title: '  ', content: 'x' })
      .expect(400);
    await api(member)
      .post(`/communities/${communityId}/discussions`, { title: 'T', content: 'x', extra: 1 })
      .expect(400);
    await api(member).patch(`/discussions/${discussion.id}`, {}).expect(400);
    await api(member).get(`/communities/${communityId}/discussions?cursor=nonsense`).expect(400);
    await api(member).get(`/discussions/not-a-uuid`).expect(404);
    await api(member)
      .post(`/communities/${crypto.randomUUID()}/discussions`, {
        title: 'T',
        content: 'x',
      })
      .expect(404);
    // The outsider's view counted once; nothing else was written.
    expect(await countEvents(db())).toBe(before + 1);
  });

  it("keeps a restricted community's content to members and hides a private one", async () => {
    const { communityId, member, outsider } = await scene('restricted');
    const discussion = await start(member, communityId);
    const hidden = await api(outsider).get(`/discussions/${discussion.id}`).expect(404);
    const missing = await api(outsider).get(`/discussions/${crypto.randomUUID()}`).expect(404);
    expect(hidden.body).toEqual(missing.body);
    // The community itself is visible to all, so its lists say why they are closed.
    const closed = await api(outsider).get(`/communities/${communityId}/discussions`).expect(403);
    expect(closed.body.error.message).toBe(messages.membersOnly);
    await api(outsider).get(`/communities/${communityId}/posts`).expect(403);
    await api(outsider).post(`/communities/${communityId}/posts`, { content: 'x' }).expect(403);
    await api(outsider).patch(`/discussions/${discussion.id}`, { isSticky: true }).expect(404);

    const secret = await scene('private');
    const inside = await start(secret.member, secret.communityId);
    await api(secret.outsider).get(`/communities/${secret.communityId}/discussions`).expect(404);
    await api(secret.outsider).get(`/communities/${secret.communityId}/posts`).expect(404);
    await api(secret.outsider).get(`/discussions/${inside.id}`).expect(404);
    await api(secret.outsider)
      .post(`/communities/${secret.communityId}/discussions`, { title: 'T', content: 'x' })
      .expect(404);
  });

  it('counts what is inside a restricted community only for those who may read it', async () => {
    const { communityId, member, outsider } = await scene('restricted');
    await start(member, communityId);
    await postIn(member, communityId);
    const statsOf = async (viewer: TestMember) =>
      (
        (await api(viewer).get(`/communities/${communityId}`).expect(200)).body as {
          stats: { members: number; discussions: number; posts: number; events: number };
        }
      ).stats;
    expect(await statsOf(member)).toMatchObject({ members: 3, discussions: 1, posts: 1 });
    // Its size is the card's to say; what is inside is the members'.
    expect(await statsOf(outsider)).toMatchObject({
      members: 3,
      discussions: 0,
      posts: 0,
      events: 0,
    });
    const { communities } = (await api(outsider).get('/communities?scope=discover').expect(200))
      .body as { communities: { id: string; stats: { discussions: number } }[] };
    expect(communities.find((c) => c.id === communityId)?.stats.discussions).toBe(0);
  });

  it('lets the author or a manager delete, taking the replies and the counts', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const mine = await start(member, communityId);
    const theirs = await start(admin, communityId);
    await api(moderator).post(`/discussions/${mine.id}/replies`, { content: 'r' }).expect(201);
    await api(member).delete(`/discussions/${theirs.id}`).expect(403);
    await api(member).delete(`/discussions/${mine.id}`).expect(204);
    await api(moderator).delete(`/discussions/${theirs.id}`).expect(204);
    await api(member).get(`/discussions/${mine.id}`).expect(404);
    expect(await communityCounts(db(), communityId)).toEqual({
      discussion_count: 0,
      post_count: 0,
    });
    for (const who of [admin, member, moderator]) {
      expect((await memberCounts(db(), communityId, who.id)).post_count).toBe(0);
    }
  });
});

describe('community posts', () => {
  it('creates posts pinned first then newest, likes idempotently and counts', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const older = await postIn(member, communityId, {
      category: 'question',
      tags: ['x', ' x', 'y '],
    });
    expect(older).toMatchObject({
      category: 'question',
      tags: ['x', 'y'],
      likes: 0,
      isPinned: false,
      isAnnouncement: false,
    });
    const newer = await postIn(moderator, communityId);
    let page = (await api(member).get(`/communities/${communityId}/posts`).expect(200))
      .body as CommunityPostPage;
    expect(page.posts.map((p) => p.id)).toEqual([newer.id, older.id]);
    await api(admin).patch(`/community-posts/${older.id}`, { isPinned: true }).expect(200);
    page = (await api(member).get(`/communities/${communityId}/posts`).expect(200))
      .body as CommunityPostPage;
    expect(page.posts.map((p) => p.id)).toEqual([older.id, newer.id]);

    const liked = await api(admin).post(`/community-posts/${older.id}/like`).expect(200);
    expect(liked.body).toMatchObject({ likes: 1, likedByMe: true });
    await api(admin).post(`/community-posts/${older.id}/like`).expect(200);
    await api(moderator).post(`/community-posts/${older.id}/like`).expect(200);
    expect((await memberCounts(db(), communityId, member.id)).likes_received).toBe(2);
    const unliked = await api(admin).delete(`/community-posts/${older.id}/like`).expect(200);
    expect(unliked.body).toMatchObject({ likes: 1, likedByMe: false });
    expect((await memberCounts(db(), communityId, member.id)).likes_received).toBe(1);
    expect(await communityCounts(db(), communityId)).toEqual({
      discussion_count: 0,
      post_count: 2,
    });
  });

  it('keeps announcements and flags to managers and refuses blank posts', async () => {
    const { communityId, admin, member, outsider } = await scene();
    const before = await countEvents(db());
    const refused = await api(member)
      .post(`/communities/${communityId}/posts`, { category: 'announcement', content: 'Hear!' })
      .expect(403);
    expect(refused.body.error.message).toBe(messages.announcementsManagersOnly);
    await api(member).post(`/communities/${communityId}/posts`, { content: '   ' }).expect(400);
    await api(member)
      .post(`/communities/${communityId}/posts`, { content: 'x', category: 'rant' })
      .expect(400);
    await api(outsider).post(`/communities/${communityId}/posts`, { content: 'x' }).expect(403);
    expect(await countEvents(db())).toBe(before);

    const announcement = await postIn(admin, communityId, { category: 'announcement' });
    expect(announcement.isAnnouncement).toBe(true);
    const post = await postIn(member, communityId);
    await api(member).patch(`/community-posts/${post.id}`, { isPinned: true }).expect(403);
    await api(outsider).post(`/community-posts/${post.id}/like`).expect(403);
    await api(outsider).delete(`/community-posts/${post.id}`).expect(403);
    const flagged = await api(admin)
      .patch(`/community-posts/${post.id}`, { isAnnouncement: true })
      .expect(200);
    expect(flagged.body).toMatchObject({ isAnnouncement: true, version: post.version + 1 });
  });

  it('deletes by author or manager, taking likes and counts with it', async () => {
    const { communityId, admin, member, moderator } = await scene();
    const post = await postIn(member, communityId);
    await api(admin).post(`/community-posts/${post.id}/like`).expect(200);
    await api(moderator).delete(`/community-posts/${post.id}`).expect(204);
    await api(member).post(`/community-posts/${post.id}/like`).expect(404);
    expect(await memberCounts(db(), communityId, member.id)).toMatchObject({
      post_count: 0,
      likes_received: 0,
    });
    expect((await communityCounts(db(), communityId)).post_count).toBe(0);
  });
});

describe('erasure and rebuild', () => {
  it("removes a deleted member's content and keeps everyone's counts right", async () => {
    const { communityId, admin, member, moderator } = await scene();
    const hers = await start(member, communityId);
    const his = await start(admin, communityId);
    await api(moderator).post(`/discussions/${hers.id}/replies`, { content: 'on hers' });
    await api(admin).post(`/discussions/${his.id}/replies`, { content: 'his own' }).expect(201);
    await api(member).post(`/discussions/${his.id}/replies`, { content: 'hers last' }).expect(201);
    const adminPost = await postIn(admin, communityId);
    const memberPost = await postIn(member, communityId);
    await api(member).post(`/community-posts/${adminPost.id}/like`).expect(200);
    await api(admin).post(`/community-posts/${memberPost.id}/like`).expect(200);

    await api(member)
      .post('/me/delete', { password: member.password, confirmation: 'DELETE' })
      .expect(204);

    const page = (await api(admin).get(`/communities/${communityId}/discussions`).expect(200))
      .body as DiscussionPage;
    expect(page.discussions.map((d) => d.id)).toEqual([his.id]);
    expect(page.discussions[0]).toMatchObject({
      replies: 1,
      lastReply: { author: { id: admin.id } },
    });
    const posts = (await api(admin).get(`/communities/${communityId}/posts`).expect(200))
      .body as CommunityPostPage;
    expect(posts.posts.map((p) => [p.id, p.likes])).toEqual([[adminPost.id, 0]]);
    expect(await communityCounts(db(), communityId)).toEqual({
      discussion_count: 1,
      post_count: 1,
    });
    expect(await memberCounts(db(), communityId, admin.id)).toMatchObject({
      post_count: 3,
      likes_received: 0,
    });
    expect((await memberCounts(db(), communityId, moderator.id)).post_count).toBe(0);
  });

  it('rebuilds the same read models and counters from the log', async () => {
    const { communityId, admin, member } = await scene();
    const discussion = await start(member, communityId);
    await api(admin).post(`/discussions/${discussion.id}/replies`, { content: 'r' }).expect(201);
    await api(admin).patch(`/discussions/${discussion.id}`, { isLocked: true }).expect(200);
    const post = await postIn(member, communityId);
    await api(admin).post(`/community-posts/${post.id}/like`).expect(200);
    await api(admin).get(`/discussions/${discussion.id}`).expect(200);
    const gone = await postIn(admin, communityId);
    await api(admin).delete(`/community-posts/${gone.id}`).expect(204);

    const tables = [
      'discussions',
      'discussion_replies',
      'discussion_views',
      'community_posts',
      'community_post_likes',
      'communities',
      'community_members',
    ];
    const before = await snapshotReadModels(db(), tables);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});

describe('live pushes', () => {
  /** A socket.io server as the pusher sees it, with sockets only in the watched rooms. */
  function fakeIo(watchedRooms: string[]) {
    const emitted: { room: string; event: string; payload: unknown }[] = [];
    const rooms = new Map(watchedRooms.map((room) => [room, new Set(['socket'])]));
    const io = {
      sockets: { adapter: { rooms } },
      local: {
        to: (room: string) => ({
          emit: (event: string, payload: unknown) => {
            emitted.push({ room, event, payload });
            return true;
          },
        }),
      },
    } as unknown as Server;
    return { io, emitted };
  }

  it("sends each change, whole and versioned, to the community's room only", async () => {
    const { communityId, admin, member } = await scene();
    const elsewhere = await scene();
    const from = await currentCheckpoint(db());
    const discussion = await start(member, communityId);
    const reply = (
      await api(admin).post(`/discussions/${discussion.id}/replies`, { content: 'Hi' }).expect(201)
    ).body as DiscussionReply;
    await api(admin).patch(`/discussions/${discussion.id}`, { isLocked: true }).expect(200);
    const post = await postIn(member, communityId);
    await api(admin).post(`/community-posts/${post.id}/like`).expect(200);
    await start(elsewhere.member, elsewhere.communityId);
    const gone = await postIn(admin, communityId);
    await api(admin).delete(`/community-posts/${gone.id}`).expect(204);

    const { events } = await readCommittedAfter(db(), from, 100);
    const { io, emitted } = fakeIo([communityRoom(communityId)]);
    await createCommunityContentPusher().push(events, io, db());

    expect(new Set(emitted.map((e) => e.room))).toEqual(new Set([communityRoom(communityId)]));
    const byEvent = (name: string) => emitted.filter((e) => e.event === name).map((e) => e.payload);
    expect(byEvent(EVENTS.discussion)).toEqual([
      {
        discussion: expect.objectContaining({
          id: discussion.id,
          replies: 1,
          isLocked: true,
          lastReply: expect.objectContaining({ timestamp: reply.timestamp }),
          version: discussion.version + 2,
        }),
      },
    ]);
    expect(byEvent(EVENTS.reply)).toEqual([{ communityId, reply }]);
    const [pushedPost] = byEvent(EVENTS.post) as { post: Record<string, unknown> }[];
    expect(pushedPost!.post).toMatchObject({ id: post.id, likes: 1, version: post.version + 1 });
    expect(pushedPost!.post).not.toHaveProperty('likedByMe');
    expect(byEvent(EVENTS.postDeleted)).toEqual([{ communityId, postId: gone.id }]);
  });
});
