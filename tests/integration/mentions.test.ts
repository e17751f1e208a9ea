import { communityPath, discussionPath } from '../../shared/communities';
import { communityPostSchema, discussionReplySchema } from '../../shared/community-content';
import { SOCKET_EVENTS } from '../../shared/realtime';
import { mentionSuggestionsSchema } from '../../shared/mentions';
import { feedPageSchema, postSchema } from '../../shared/posts';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Notification,
} from '../../shared/social/notifications';
import {
  badgesOf,
  befriend,
  queuedEmails,
  snapshotReadModels,
  type TestMember,
} from '../support/factories';
import { versionsPageSchema } from '../../shared/content/history';
import { communityOf } from '../support/communities';
import { rebuild } from '../support/model';
import { socialKit } from '../support/social-kit';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const kit = socialKit(stack);
const { api, db, member } = kit;
const publish = (by: TestMember, content: string, fields: object = {}) =>
  kit.publish(by, { content, ...fields });
const mentionsOf = (who: TestMember) => kit.notificationsOf(who, 'mention');

describe('@mentions in posts', () => {
  it('links the member, tells them live and by email once, and lists the post on their tab', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const socket = await connectAs(stack.server, bo);
    const pushed = waitForEvent<{ notification: Notification }>(socket, SOCKET_EVENTS.notification);

    const post = await publish(ana, `Lunch with @${bo.username.toUpperCase()} today`);
    expect(post.mentions).toEqual([
      { handle: bo.username.toLowerCase(), memberId: bo.id, username: bo.username },
    ]);
    const { notification } = await pushed;
    socket.close();
    expect(notification).toMatchObject({
      type: 'mention',
      title: `${ana.username} mentioned you`,
      actionUrl: `/post/${post.id}`,
      actors: [{ id: ana.id }],
    });
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 1 });
    const emails = await queuedEmails(db(), bo.email, 'Mention');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`${ana.username} mentioned you on Agora`);

    // Edited again with the mention kept and another word: nobody is told twice.
    await api(ana)
      .patch(`/posts/${post.id}`, { content: `Lunch with @${bo.username} today, again` })
      .expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);
    expect(await queuedEmails(db(), bo.email, 'Mention')).toHaveLength(1);

    const tab = feedPageSchema.parse(
      (await api(ana).get(`/users/${bo.id}/mentions`).expect(200)).body,
    );
    expect(tab.posts.map((each) => each.id)).toEqual([post.id]);
  });

  it('tells a member added by an edit, and withdraws it when the mention is taken out', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const post = await publish(ana, 'Nobody named yet');
    expect(await mentionsOf(bo)).toEqual([]);

    await api(ana)
      .patch(`/posts/${post.id}`, { content: `Now @${bo.username}` })
      .expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);

    const res = await api(ana).patch(`/posts/${post.id}`, { content: 'Never mind' }).expect(200);
    expect(postSchema.parse(res.body).mentions).toEqual([]);
    expect(await mentionsOf(bo)).toEqual([]);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 0 });
    expect((await api(ana).get(`/users/${bo.id}/mentions`).expect(200)).body.posts).toEqual([]);
  });

  it('tells nobody who may not see the post, who blocked the author, or who turned it off', async () => {
    const [ana, friend, stranger, blocker, quiet] = await Promise.all([
      member('ana'),
      member('friend'),
      member('stranger'),
      member('blocker'),
      member('quiet'),
    ]);
    await befriend(stack.server, ana, friend);
    await api(blocker).post('/friends/blocks', { userId: ana.id }).expect(201);
    await api(quiet)
      .put('/me/notification-preferences', {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        mention: { inApp: false, email: false },
      })
      .expect(200);

    const names = [friend, stranger, blocker, quiet].map((m) => `@${m.username}`).join(' ');
    await publish(ana, `Friends only: ${names}`, { visibility: 'friendsOnly' });
    await publish(ana, `Public: @${blocker.username} @${quiet.username}`);

    expect(await mentionsOf(friend)).toHaveLength(1);
    for (const left of [stranger, blocker, quiet]) {
      expect(await mentionsOf(left)).toEqual([]);
      expect(await queuedEmails(db(), left.email, 'Mention')).toEqual([]);
    }
    // The stranger's tab lists no post they may not see.
    expect(
      (await api(stranger).get(`/users/${stranger.id}/mentions`).expect(200)).body.posts,
    ).toEqual([]);
  });

  it('tells the members a draft names when it is published, not before', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const res = await api(ana)
      .post('/posts', { title: 'Draft', content: `Soon @${bo.username}`, status: 'draft' })
      .expect(201);
    const draft = postSchema.parse(res.body);
    expect(draft.mentions).toHaveLength(1);
    expect(await mentionsOf(bo)).toEqual([]);

    await api(ana).patch(`/posts/${draft.id}`, { status: 'published' }).expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);
  });
});

describe('@mentions through the content API', () => {
  it('tells a member named by `POST /content`, and follows `PATCH /content/{id}` as an edit does', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const created = await api(ana)
      .post('/content', {
        type: 'article',
        title: 'Notes',
        content: `Written with @${bo.username}`,
        status: 'published',
      })
      .expect(201);
    const told = await mentionsOf(bo);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      actors: [{ id: ana.id }],
      actionUrl: `/post/${created.body.id}`,
    });
    expect(await queuedEmails(db(), bo.email, 'Mention')).toHaveLength(1);

    // The edit names Cy instead: Cy is told, Bo's unread notification is withdrawn.
    await api(ana)
      .patch(`/content/${created.body.id}`, { content: `Written with @${cy.username}` })
      .expect(200);
    expect(await mentionsOf(cy)).toHaveLength(1);
    expect(await mentionsOf(bo)).toEqual([]);
    const post = postSchema.parse(
      (await api(ana).get(`/posts/${created.body.id}`).expect(200)).body,
    );
    expect(post.mentions.map((each) => each.memberId)).toEqual([cy.id]);
  });

  it('tells nobody while a record is a draft, and those it names once it is published', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const draft = await api(ana)
      .post('/content', { type: 'post', title: 'Soon', content: `With @${bo.username}` })
      .expect(201);
    expect(await mentionsOf(bo)).toEqual([]);
    await api(ana).patch(`/content/${draft.body.id}`, { status: 'published' }).expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);
  });
});

describe('@mentions in comments', () => {
  it('tells a member mentioned in a comment on a post they may see, once', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const post = await publish(ana, 'A post');
    const comment = await api(cy)
      .post(`/posts/${post.id}/comments`, { content: `@${bo.username} look` })
      .expect(201);
    expect(comment.body.mentions).toEqual([
      { handle: bo.username.toLowerCase(), memberId: bo.id, username: bo.username },
    ]);
    await api(cy)
      .patch(`/comments/${comment.body.id}`, { content: `@${bo.username} look here` })
      .expect(200);
    const told = await mentionsOf(bo);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actors: [{ id: cy.id }], actionUrl: `/post/${post.id}` });
  });
});

describe('@mentions in communities', () => {
  it('tells a member named in a community post who may read it, and links the name', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const community = await communityOf(stack.server, 'public', ana);
    const res = await api(ana)
      .post(`/communities/${community}/posts`, { content: `Welcome @${bo.username}` })
      .expect(201);
    const post = communityPostSchema.parse(res.body);
    expect(post.mentions).toEqual([
      { handle: bo.username.toLowerCase(), memberId: bo.id, username: bo.username },
    ]);
    const told = await mentionsOf(bo);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      actors: [{ id: ana.id }],
      actionUrl: communityPath(community),
    });
    expect(await queuedEmails(db(), bo.email, 'Mention')).toHaveLength(1);
  });

  it('tells a member named in a discussion reply, and nobody outside a private community', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    const community = await communityOf(stack.server, 'private', ana, [{ member: bo }]);
    const discussion = await api(ana)
      .post(`/communities/${community}/discussions`, { title: 'Plans', content: 'Saturday?' })
      .expect(201);
    const res = await api(ana)
      .post(`/discussions/${discussion.body.id}/replies`, {
        content: `@${bo.username} and @${cy.username}, are you in?`,
      })
      .expect(201);
    const reply = discussionReplySchema.parse(res.body);
    expect(reply.mentions.map((each) => each.memberId)).toEqual([bo.id, cy.id]);
    const told = await mentionsOf(bo);
    expect(told).toHaveLength(1);
    expect(told[0]!.actionUrl).toBe(discussionPath(community, discussion.body.id));
    // Cy cannot read the community: linked in the text, told nothing.
    expect(await mentionsOf(cy)).toEqual([]);
    expect(await queuedEmails(db(), cy.email, 'Mention')).toEqual([]);
  });
});

/** The version of the post whose content was `content`, as its history lists them. */
async function versionWith(by: TestMember, postId: string, content: string): Promise<number> {
  const res = await api(by).get(`/content/${postId}/versions`).expect(200);
  const found = versionsPageSchema
    .parse(res.body)
    .versions.find((each) => each.fields.content === content);
  if (!found) throw new Error(`no version of ${postId} with "${content}"`);
  return found.version;
}

async function mentionedIn(by: TestMember, postId: string): Promise<string[]> {
  const post = postSchema.parse((await api(by).get(`/posts/${postId}`).expect(200)).body);
  return post.mentions.map((each) => each.memberId);
}

describe('@mentions of restored versions and backups', () => {
  it('follows the text a restored version brings back: told once, withdrawn when it goes', async () => {
    const [ana, bo] = await Promise.all([member('ana'), member('bo')]);
    const post = await publish(ana, 'Plain words');
    const named = `Plain words with @${bo.username}`;
    await api(ana).patch(`/posts/${post.id}`, { content: named }).expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);

    const plain = await versionWith(ana, post.id, 'Plain words');
    await api(ana).post(`/content/${post.id}/versions`, { version: plain }).expect(200);
    expect(await mentionedIn(ana, post.id)).toEqual([]);
    expect(await mentionsOf(bo)).toEqual([]);
    expect(await badgesOf(stack.server, bo)).toMatchObject({ notifications: 0 });

    const again = await versionWith(ana, post.id, named);
    await api(ana).post(`/content/${post.id}/versions`, { version: again }).expect(200);
    expect(await mentionedIn(ana, post.id)).toEqual([bo.id]);
    expect(await mentionsOf(bo)).toHaveLength(1);
    // Restored twice over, the text still names Bo: he is not told twice.
    await api(ana).post(`/content/${post.id}/versions`, { version: again }).expect(200);
    expect(await mentionsOf(bo)).toHaveLength(1);
  });

  it('follows the text a backup brings back, and tells nobody the restored audience excludes', async () => {
    const [ana, bo, stranger] = await Promise.all([member('ana'), member('bo'), member('st')]);
    await befriend(stack.server, ana, bo);
    const post = await publish(ana, `For @${bo.username} and @${stranger.username}`, {
      visibility: 'friendsOnly',
    });
    expect(await mentionsOf(bo)).toHaveLength(1);
    await api(ana).post(`/content/${post.id}/backup`).expect(201);
    await api(ana).patch(`/posts/${post.id}`, { content: 'For nobody' }).expect(200);
    expect(await mentionsOf(bo)).toEqual([]);

    await api(ana).post(`/content/${post.id}/restore`, {}).expect(200);
    expect(await mentionedIn(ana, post.id)).toEqual([bo.id, stranger.id]);
    expect(await mentionsOf(bo)).toHaveLength(1);
    expect(await mentionsOf(stranger)).toEqual([]);
    expect(await queuedEmails(db(), stranger.email, 'Mention')).toEqual([]);
  });
});

describe('@mentions of imported records', () => {
  it('names the members an imported text mentions and tells them once it is published', async () => {
    const [ana, bo, cy] = await Promise.all([member('ana'), member('bo'), member('cy')]);
    await publish(ana, `Hello @${bo.username}`);
    await api(ana)
      .post('/content', { type: 'post', title: 'Later', content: `Soon @${cy.username}` })
      .expect(201);
    const exported = await api(ana).get('/content/export').expect(200);
    const records = (JSON.parse(exported.text) as { content: unknown[] }).content;
    const boBefore = (await mentionsOf(bo)).length;

    const copy = await member('copy');
    const imported = await api(copy)
      .post('/content/import', { userId: copy.id, content: records })
      .expect(201);
    const [published, draft] = imported.body.ids as string[];
    expect(await mentionedIn(copy, published!)).toEqual([bo.id]);
    expect(await mentionedIn(copy, draft!)).toEqual([cy.id]);
    const told = await mentionsOf(bo);
    expect(told).toHaveLength(boBefore + 1);
    expect(told[0]).toMatchObject({ actors: [{ id: copy.id }], actionUrl: `/post/${published}` });
    // The draft tells nobody until it is published.
    expect(await mentionsOf(cy)).toEqual([]);
    await api(copy).patch(`/content/${draft}`, { status: 'published' }).expect(200);
    expect(await mentionsOf(cy)).toHaveLength(1);
  });
});

describe('mention suggestions', () => {
  it('offers friends first, then followed members, then others the author may find', async () => {
    const tag = `zq${Date.now().toString(36)}x`;
    const [ana, friend, followed, other] = await Promise.all([
      member('ana'),
      member(`${tag}_f`),
      member(`${tag}_g`),
      member(`${tag}_a`),
    ]);
    await befriend(stack.server, ana, friend);
    await api(ana).post(`/users/${followed.id}/follow`).expect(200);
    const found = mentionSuggestionsSchema.parse(
      (await api(ana).get('/mentions/suggestions').query({ q: tag.toUpperCase() }).expect(200))
        .body,
    );
    expect(found.members.map((m) => [m.id, m.relation])).toEqual([
      [friend.id, 'friend'],
      [followed.id, 'following'],
      [other.id, 'other'],
    ]);
    const none = (await api(ana).get('/mentions/suggestions').query({ q: '%' }).expect(200)).body;
    expect(none.members).toEqual([]);
  });
});

describe('rebuilding', () => {
  it('reproduces mention lists and their notifications exactly', async () => {
    const tables = ['posts', 'comments', 'post_mentions', 'notifications', 'notification_actors'];
    const before = await snapshotReadModels(db(), tables);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});
