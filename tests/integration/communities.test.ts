import request from 'supertest';
import {
  COMMUNITY_SOCKET_EVENTS,
  communityMessages,
  communityRefusals,
  tagMessages,
  type Community,
  type CommunityChangedPayload,
  type CommunityInvitation,
  type CommunityMembersPage,
  type MembershipChangedPayload,
} from '../../shared/communities';
import type { Notification } from '../../shared/social/notifications';
import { eventually } from '../support/eventually';
import {
  as,
  countEvents,
  queuedEmails,
  signUp,
  snapshotTable,
  type TestMember,
} from '../support/factories';
import { png } from '../support/media-fixtures';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

let owner: TestMember;
let ana: TestMember;
let ben: TestMember;
let cy: TestMember;

beforeAll(async () => {
  // The first account is the site's owner, who may not delete their account: kept out of the way.
  owner = await signUp(stack.server);
  ana = await signUp(stack.server, `ana_${process.pid}`);
  ben = await signUp(stack.server, `ben_${process.pid}`);
  cy = await signUp(stack.server, `cy_${process.pid}`);
});

type Fields = Record<string, string>;

function createForm(
  member: TestMember,
  fields: Fields,
  images: { avatar?: Buffer; banner?: Buffer } = {},
) {
  const test = request(stack.server.url).post('/api/communities').set('cookie', member.cookie);
  for (const [name, value] of Object.entries(fields)) test.field(name, value);
  for (const [name, bytes] of Object.entries(images)) {
    test.attach(name, bytes, { filename: `${name}.png`, contentType: 'image/png' });
  }
  return test;
}

async function create(
  member: TestMember,
  fields: Fields = {},
  images: { avatar?: Buffer; banner?: Buffer } = {},
): Promise<Community> {
  const res = await createForm(
    member,
    { name: 'Quokka Fans', category: 'hobbies', privacy: 'public', ...fields },
    images,
  );
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.body as Community;
}

const card = async (member: TestMember, id: string) =>
  (await api(member).get(`/communities/${id}`).expect(200)).body as Community;

const members = async (member: TestMember, id: string, query = '') =>
  (await api(member).get(`/communities/${id}/members${query}`).expect(200))
    .body as CommunityMembersPage;

const fileCount = async () =>
  (
    await db()
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('creating a community', () => {
  it('creates it from the multipart form, with its images cut to size, the creator its admin', async () => {
    const community = await create(
      ana,
      {
        description: 'All about quokkas',
        website: 'https://quokka.example',
        email: 'hello@quokka.example',
        location: 'Rottnest',
        tags: JSON.stringify(['  animals ', 'australia']),
        rules: 'Be kind',
        welcomeMessage: 'Welcome!',
      },
      { avatar: await png(300, 200), banner: await png(1300, 500) },
    );
    expect(community).toMatchObject({
      name: 'Quokka Fans',
      description: 'All about quokkas',
      category: 'hobbies',
      privacy: 'public',
      website: 'https://quokka.example',
      email: 'hello@quokka.example',
      location: 'Rottnest',
      tags: ['animals', 'australia'],
      rules: 'Be kind',
      welcomeMessage: 'Welcome!',
      createdBy: ana.id,
      stats: { members: 1, discussions: 0, posts: 0, events: 0, engagement: 100 },
      membership: { role: 'admin', status: 'active', invited: false },
    });
    expect(community.avatar).toMatch(/\/cdn\//);
    expect(community.banner).toMatch(/\/cdn\//);
    const avatar = await request(stack.server.url)
      .get(community.avatar!.slice(community.avatar!.indexOf('/cdn/')))
      .set('cookie', ben.cookie)
      .expect(200);
    expect(avatar.headers['content-type']).toContain('image/webp');
    // Null fields are simply left out of the form.
    const bare = await create(ana, { name: 'Bare' });
    expect(bare).toMatchObject({ website: null, email: null, location: null, tags: [] });
    expect(bare.avatar).toBeNull();
  });

  it('refuses bad fields with their messages, storing nothing', async () => {
    const events = await countEvents(db());
    const files = await fileCount();
    const avatar = await png();
    const refused = async (fields: Fields, field: string, message?: string) => {
      const res = await createForm(ana, fields, { avatar }).expect(400);
      expect(res.body.error.fields[field]).toBeDefined();
      if (message) expect(res.body.error.fields[field]).toBe(message);
    };
    const good = { name: 'Fine', category: 'arts', privacy: 'public' };
    await refused({ category: 'arts', privacy: 'public' }, 'name', communityMessages.nameRequired);
    await refused({ ...good, name: '   ' }, 'name', communityMessages.nameRequired);
    await refused({ ...good, name: 'x'.repeat(101) }, 'name');
    await refused({ ...good, category: 'cooking' }, 'category');
    await refused({ ...good, privacy: 'secret' }, 'privacy');
    await refused({ ...good, email: 'not-an-email' }, 'email', communityRefusals.emailInvalid);
    await refused({ ...good, website: 'ftp://x.example' }, 'website', communityRefusals.urlInvalid);
    await refused({ ...good, tags: 'animals' }, 'tags', tagMessages.notAList);
    await refused({ ...good, tags: '["a", "A"]' }, 'tags', tagMessages.repeated);
    await refused({ ...good, tags: '["a", " "]' }, 'tags.1', tagMessages.blank);
    await refused({ ...good, tags: '[1]' }, 'tags.0');
    await refused({ ...good, unknown: 'x' }, '_');
    // Not an image at all.
    await createForm(ana, good, { avatar: Buffer.from('just text, not a picture') }).expect(415);
    await api(ana).post('/communities', { name: 'JSON' }).expect(400);
    expect(await countEvents(db())).toBe(events);
    expect(await fileCount()).toBe(files);
  });

  it('needs a session', async () => {
    await request(stack.server.url).post('/api/communities').field('name', 'x').expect(401);
    await request(stack.server.url).get('/api/communities').expect(401);
  });
});

describe('joining and leaving', () => {
  it('joins a public community at once, live for the watchers of its hub', async () => {
    const community = await create(ana, { name: 'Open Garden' });
    const socket = await connectAs(stack.server, ana);
    try {
      const ack = await socket.emitWithAck(COMMUNITY_SOCKET_EVENTS.watch, {
        communityIds: [community.id],
      });
      expect(ack).toEqual({ watching: [community.id] });
      const discovered = (await api(ben).get('/communities?scope=discover&q=open gard').expect(200))
        .body.communities as Community[];
      expect(discovered.map((c) => c.id)).toEqual([community.id]);
      const changed = waitForEvent<CommunityChangedPayload>(
        socket,
        COMMUNITY_SOCKET_EVENTS.changed,
        (p) => p.communityId === community.id && p.stats.members === 2,
      );
      const joined = (await api(ben).post(`/communities/${community.id}/join`).expect(200))
        .body as Community;
      expect(joined.membership).toEqual({ role: 'member', status: 'active', invited: false });
      expect(joined.stats.members).toBe(2);
      expect((await changed).version).toBe(joined.version);
      const again = await api(ben).post(`/communities/${community.id}/join`).expect(409);
      expect(again.body.error.message).toBe(communityRefusals.alreadyMember);
      const mine = (await api(ben).get('/communities?scope=mine').expect(200)).body
        .communities as Community[];
      expect(mine.map((c) => c.id)).toContain(community.id);
      await api(ben).post(`/communities/${community.id}/leave`).expect(204);
      expect((await card(ana, community.id)).stats.members).toBe(1);
      await api(ben).post(`/communities/${community.id}/leave`).expect(409);
    } finally {
      socket.disconnect();
    }
  });

  it('waits for a manager in a restricted community; pending requests are for managers', async () => {
    const community = await create(ana, { name: 'Inner Circle', privacy: 'restricted' });
    const pending = (await api(ben).post(`/communities/${community.id}/join`).expect(200))
      .body as Community;
    expect(pending.membership.status).toBe('pending');
    expect(pending.stats.members).toBe(1);
    const twice = await api(ben).post(`/communities/${community.id}/join`).expect(409);
    expect(twice.body.error.message).toBe(communityRefusals.requestPending);
    // Ben may not read the members while pending; Ana sees his request.
    await api(ben).get(`/communities/${community.id}/members`).expect(403);
    const requests = await members(ana, community.id, '?status=pending');
    expect(requests.members.map((m) => m.id)).toEqual([ben.id]);
    // Cy asks too, and is rejected.
    await api(cy).post(`/communities/${community.id}/join`).expect(200);
    await api(cy).post(`/communities/${community.id}/members/${ben.id}/approve`).expect(403);
    await api(ana).post(`/communities/${community.id}/members/${cy.id}/reject`).expect(204);
    await api(ana).post(`/communities/${community.id}/members/${ben.id}/approve`).expect(204);
    await api(ana).post(`/communities/${community.id}/members/${ben.id}/approve`).expect(404);
    const now = await card(ben, community.id);
    expect(now.membership.status).toBe('active');
    expect(now.stats.members).toBe(2);
    expect((await card(cy, community.id)).membership.status).toBeNull();
    // A plain member may not list requests.
    await api(ben).get(`/communities/${community.id}/members?status=pending`).expect(403);
  });

  it('lets one into a private community only by invitation, which only managers send', async () => {
    const community = await create(ana, { name: 'Hidden Grove', privacy: 'private' });
    // Out of sight: missing to others, in every read.
    await api(ben).get(`/communities/${community.id}`).expect(404);
    await api(ben).post(`/communities/${community.id}/join`).expect(404);
    const discover = (await api(ben).get('/communities?scope=discover').expect(200)).body
      .communities as Community[];
    expect(discover.map((c) => c.id)).not.toContain(community.id);

    const invited = await api(ana)
      .post(`/communities/${community.id}/invitations`, { userIds: [ben.id, ana.id] })
      .expect(200);
    expect(invited.body).toEqual({ invited: [ben.id] });
    // Asked again, nobody new.
    expect(
      (await api(ana).post(`/communities/${community.id}/invitations`, { userIds: [ben.id] })).body,
    ).toEqual({ invited: [] });
    const seen = await card(ben, community.id);
    expect(seen.membership).toEqual({ role: null, status: null, invited: true });
    const invitations = (await api(ben).get('/communities/invitations').expect(200)).body
      .invitations as CommunityInvitation[];
    expect(invitations[0]).toMatchObject({
      community: { id: community.id },
      invitedBy: { id: ana.id },
    });
    const notification = await eventually(async () =>
      (
        (await api(ben).get('/notifications').expect(200)).body.notifications as Notification[]
      ).find((n) => n.type === 'community_invitation'),
    );
    expect(notification).toMatchObject({
      actionUrl: `/community?c=${community.id}`,
      content: expect.stringContaining('Hidden Grove'),
    });
    const [email] = await queuedEmails(db(), ben.email, 'Community Invitation');
    expect(email?.subject).toContain('Hidden Grove');

    // Cy, not invited, cannot even see it.
    await api(cy).post(`/communities/${community.id}/join`).expect(404);
    const joined = (await api(ben).post(`/communities/${community.id}/join`).expect(200))
      .body as Community;
    expect(joined.membership).toEqual({ role: 'member', status: 'active', invited: false });
    // A plain member may not invite to a private community.
    const refused = await api(ben)
      .post(`/communities/${community.id}/invitations`, { userIds: [cy.id] })
      .expect(403);
    expect(refused.body.error.message).toBe(communityRefusals.privateInvite);
  });

  it('an invitee who declines, or a member who leaves, loses sight of a private community', async () => {
    const community = await create(ana, { name: 'Quiet Room', privacy: 'private' });
    await api(ana)
      .post(`/communities/${community.id}/invitations`, { userIds: [cy.id] })
      .expect(200);
    await api(cy).delete(`/communities/${community.id}/invitation`).expect(204);
    await api(cy).delete(`/communities/${community.id}/invitation`).expect(404);
    await api(cy).get(`/communities/${community.id}`).expect(404);
    // Ben joins by invitation and leaves: visible no more, no way back without a new one.
    await api(ana)
      .post(`/communities/${community.id}/invitations`, { userIds: [ben.id] })
      .expect(200);
    await api(ben).post(`/communities/${community.id}/join`).expect(200);
    await api(ben).post(`/communities/${community.id}/leave`).expect(204);
    await api(ben).get(`/communities/${community.id}`).expect(404);
  });

  it("lets members invite to a restricted community; a manager's invitation skips the wait", async () => {
    const community = await create(ana, { name: 'Board', privacy: 'restricted' });
    const res = await api(ben)
      .post(`/communities/${community.id}/invitations`, { userIds: [cy.id] })
      .expect(403);
    expect(res.body.error.message).toBe(communityRefusals.membersInvite);
    // Private: the reason is given to whoever sees it without an invitation.
    await api(ana)
      .post(`/communities/${community.id}/invitations`, {
        userIds: ['00000000-0000-4000-8000-000000000000'],
      })
      .expect(400);
    await api(ana).post(`/communities/${community.id}/invitations`, { userIds: [] }).expect(400);
    // A manager's invitation lets one into a restricted community without waiting.
    await api(ana)
      .post(`/communities/${community.id}/invitations`, { userIds: [cy.id] })
      .expect(200);
    const joined = (await api(cy).post(`/communities/${community.id}/join`).expect(200))
      .body as Community;
    expect(joined.membership.status).toBe('active');
  });
});

describe('at once', () => {
  it('counts every one of many members joining together', async () => {
    const community = await create(ana, { name: 'Crowd' });
    const crowd = await Promise.all(Array.from({ length: 12 }, () => signUp(stack.server)));
    await Promise.all(
      crowd.map((member) => api(member).post(`/communities/${community.id}/join`).expect(200)),
    );
    const { stats } = await card(ana, community.id);
    expect(stats.members).toBe(13);
    expect((await members(ana, community.id)).total).toBe(13);
  });

  it('lets only one of two admins leave at the same time when others remain', async () => {
    const community = await create(ana, { name: 'Two Admins' });
    await api(ben).post(`/communities/${community.id}/join`).expect(200);
    await api(cy).post(`/communities/${community.id}/join`).expect(200);
    await api(ana)
      .put(`/communities/${community.id}/members/${ben.id}/role`, { role: 'admin' })
      .expect(204);
    const answers = await Promise.all([
      api(ana).post(`/communities/${community.id}/leave`),
      api(ben).post(`/communities/${community.id}/leave`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
    const admins = await members(cy, community.id, '?role=admin');
    expect(admins.total).toBe(1);
  });
});

describe('managing members', () => {
  let community: Community;

  beforeAll(async () => {
    community = await create(ana, { name: 'Managed' });
    await api(ben).post(`/communities/${community.id}/join`).expect(200);
    await api(cy).post(`/communities/${community.id}/join`).expect(200);
  });

  it('keeps the last admin from leaving or stepping down while others remain', async () => {
    const res = await api(ana).post(`/communities/${community.id}/leave`).expect(409);
    expect(res.body.error.message).toBe(communityRefusals.lastAdmin);
    const down = await api(ana)
      .put(`/communities/${community.id}/members/${ana.id}/role`, { role: 'member' })
      .expect(409);
    expect(down.body.error.message).toBe(communityRefusals.lastAdminRole);
  });

  it('lets moderators manage members but never an admin, nor make one', async () => {
    await api(ben)
      .put(`/communities/${community.id}/members/${cy.id}/role`, { role: 'vip' })
      .expect(403);
    await api(ana)
      .put(`/communities/${community.id}/members/${ben.id}/role`, { role: 'moderator' })
      .expect(204);
    await api(ben)
      .put(`/communities/${community.id}/members/${cy.id}/role`, { role: 'vip' })
      .expect(204);
    const protectedAdmin = await api(ben)
      .put(`/communities/${community.id}/members/${ana.id}/role`, { role: 'member' })
      .expect(403);
    expect(protectedAdmin.body.error.message).toBe(communityRefusals.adminProtected);
    await api(ben)
      .put(`/communities/${community.id}/members/${cy.id}/role`, { role: 'admin' })
      .expect(403);
    await api(ben).delete(`/communities/${community.id}/members/${ana.id}`).expect(403);
    await api(ben).delete(`/communities/${community.id}/members/${ben.id}`).expect(400);
    await api(ana)
      .put(`/communities/${community.id}/members/${cy.id}/role`, { role: 'chief' })
      .expect(400);
    await api(ana).put(`/communities/nope/members/${cy.id}/role`, { role: 'vip' }).expect(404);

    const page = await members(ben, community.id);
    expect(page.members.map((m) => [m.id, m.role, m.badges])).toEqual([
      [ana.id, 'admin', ['Admin']],
      [ben.id, 'moderator', ['Moderator']],
      [cy.id, 'vip', ['VIP']],
    ]);
    expect(page.members[0]).toMatchObject({
      name: ana.username,
      posts: 0,
      reputation: 0,
      level: 1,
    });
    // Search and role filter are applied by the server.
    expect((await members(ana, community.id, '?q=BEN_')).members.map((m) => m.id)).toEqual([
      ben.id,
    ]);
    expect((await members(ana, community.id, '?role=vip')).members.map((m) => m.id)).toEqual([
      cy.id,
    ]);
    expect((await members(ana, community.id, '?q=%25')).members).toEqual([]);
    // Past the last page: no one, and still the total.
    expect(await members(ana, community.id, '?page=2')).toMatchObject({
      members: [],
      total: 3,
      hasMore: false,
    });
    await api(ana).get(`/communities/${community.id}/members?role=chief`).expect(400);

    await api(ben).delete(`/communities/${community.id}/members/${cy.id}`).expect(204);
    expect((await card(ana, community.id)).stats.members).toBe(2);
    await api(ben).delete(`/communities/${community.id}/members/${cy.id}`).expect(404);
    // With a second admin, the first may leave.
    await api(ana)
      .put(`/communities/${community.id}/members/${ben.id}/role`, { role: 'admin' })
      .expect(204);
    await api(ana).post(`/communities/${community.id}/leave`).expect(204);
    expect((await card(ben, community.id)).stats.members).toBe(1);
  });

  it('tells a member of their new standing on their own sockets', async () => {
    const socket = await connectAs(stack.server, cy);
    try {
      const told = waitForEvent<MembershipChangedPayload>(
        socket,
        COMMUNITY_SOCKET_EVENTS.membership,
        (p) => p.communityId === community.id,
      );
      await api(cy).post(`/communities/${community.id}/join`).expect(200);
      expect((await told).membership).toEqual({ role: 'member', status: 'active', invited: false });
    } finally {
      socket.disconnect();
    }
  });
});

describe('erasure and rebuild', () => {
  it('drops a deleted member from every community; one they created stays without a creator', async () => {
    const dee = await signUp(stack.server);
    const theirs = await create(dee, { name: 'Dee Club' });
    await api(ben).post(`/communities/${theirs.id}/join`).expect(200);
    const other = await create(ana, { name: 'Ana Club', privacy: 'private' });
    await api(ana)
      .post(`/communities/${other.id}/invitations`, { userIds: [dee.id] })
      .expect(200);
    await api(dee).post('/me/delete', { password: dee.password, confirmation: 'DELETE' });
    await eventually(async () => (await card(ben, theirs.id)).createdBy === null);
    const after = await card(ben, theirs.id);
    expect(after.stats.members).toBe(1);
    const rows = await db()
      .selectFrom('community_invitations')
      .select('user_id')
      .where('user_id', '=', dee.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('rebuilds the same communities, members and invitations from the log', async () => {
    const tables = ['communities', 'community_members', 'community_invitations'];
    const before = await Promise.all(tables.map((t) => snapshotTable(db(), t)));
    await rebuild(db());
    expect(await Promise.all(tables.map((t) => snapshotTable(db(), t)))).toEqual(before);
  });
});

describe('reading', () => {
  it('answers 404 for what is missing or not a community id', async () => {
    await api(ana).get('/communities/not-a-uuid').expect(404);
    await api(ana).get('/communities/00000000-0000-4000-8000-000000000000').expect(404);
    await api(ana).post('/communities/not-a-uuid/join').expect(404);
    await api(ana).get('/communities?scope=everything').expect(400);
  });

  it('lists no owner-only community to others, and the owner sees only their own', async () => {
    const list = (await api(owner).get('/communities?scope=mine').expect(200)).body
      .communities as Community[];
    expect(list).toEqual([]);
  });
});
