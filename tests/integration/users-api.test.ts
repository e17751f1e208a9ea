import { authErrorMessages } from '../../shared/auth/messages';
import type { Profile } from '../../shared/profiles';
import type { Person } from '../../shared/social';
import {
  as,
  befriend,
  countEvents,
  signIn,
  signUpMembers,
  snapshotReadModels,
  streamEvents,
  type TestMember,
} from '../support/factories';
import { rebuild } from '../support/model';
import { useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;
const api = (member: TestMember) => as(stack.server, member);

/** The first account of the database: the owner. */
let owner: TestMember;
beforeAll(async () => {
  [owner] = await signUpMembers(stack.server, 1);
  expect(owner.role).toBe('owner');
});

let made = 0;
const newUser = (fields: object = {}) => {
  made += 1;
  const username = `created_${process.pid}_${made}`;
  return {
    username,
    email: `${username}@example.com`,
    password: 'Secret123',
    ...fields,
  };
};

describe('POST /users', () => {
  it('lets an owner create a member with a full profile, in one transaction', async () => {
    const body = newUser({
      privacy: 'friendsOnly',
      profile: { displayName: 'Created Member', bio: 'Made by the owner', skills: ['Go'] },
      profileCardSettings: { showEmail: true },
    });
    const res = await api(owner).post('/users', body).expect(201);
    const profile = res.body as Profile;
    expect(profile).toMatchObject({
      username: body.username,
      displayName: 'Created Member',
      bio: 'Made by the owner',
      skills: ['Go'],
      privacy: 'friendsOnly',
      profileCardSettings: expect.objectContaining({ showEmail: true }),
    });
    const events = await streamEvents(db(), `user-${profile.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'UserRegistered',
      'ProfileEdited',
      'ProfileCardSettingsChanged',
      'ProfilePrivacyChanged',
    ]);
    // The new member signs in with the password the owner chose.
    await signIn(stack.server, { email: body.email as string, password: 'Secret123' }).expect(200);
  });

  it('refuses members, taken names and addresses, and weak passwords, writing nothing', async () => {
    const [member] = await signUpMembers(stack.server, 1);
    const before = await countEvents(db());
    await api(member).post('/users', newUser()).expect(403);
    const taken = await api(owner)
      .post('/users', newUser({ username: member.username.toUpperCase() }))
      .expect(409);
    expect(taken.body.error.message).toBe(authErrorMessages['username-already-in-use']);
    const email = await api(owner)
      .post('/users', newUser({ email: member.email.toUpperCase() }))
      .expect(409);
    expect(email.body.error.message).toBe(authErrorMessages['email-already-in-use']);
    const weak = await api(owner)
      .post('/users', newUser({ password: 'password' }))
      .expect(400);
    expect(weak.body.error.code).toBe('weak-password');
    await api(owner)
      .post('/users', newUser({ username: 'a b' }))
      .expect(400);
    await api(owner)
      .post('/users', newUser({ role: 'admin' }))
      .expect(400);
    await api(owner)
      .post('/users', newUser({ extra: true }))
      .expect(400);
    expect(await countEvents(db())).toBe(before);
  });
});

describe('GET /users', () => {
  it('finds by exact username, any case, whoever may open the profile', async () => {
    const [ana, stranger, friend] = await signUpMembers(stack.server, 3);
    const found = (
      await api(stranger).get(`/users?username=${ana.username.toUpperCase()}`).expect(200)
    ).body as Person[];
    expect(found.map((p) => p.id)).toEqual([ana.id]);
    expect(
      (
        await api(stranger)
          .get(`/users?username=${ana.username.slice(0, -1)}`)
          .expect(200)
      ).body,
    ).toEqual([]);
    // Oneself is found too: it is how a profile URL opens one's own page.
    expect((await api(ana).get(`/users?username=${ana.username}`).expect(200)).body).toHaveLength(
      1,
    );

    // A username is the profile's URL: a private member is found, and a block hides them.
    await api(ana).put('/me/privacy', { privacy: 'private' }).expect(200);
    await befriend(stack.server, ana, friend);
    const privateFound = (await api(stranger).get(`/users?username=${ana.username}`).expect(200))
      .body as Person[];
    expect(privateFound.map((p) => [p.id, p.lastSeen])).toEqual([[ana.id, null]]);
    await api(ana).post('/friends/blocks', { userId: stranger.id }).expect(201);
    expect((await api(stranger).get(`/users?username=${ana.username}`).expect(200)).body).toEqual(
      [],
    );
    expect(
      (await api(friend).get(`/users?username=${ana.username}`).expect(200)).body,
    ).toHaveLength(1);

    await api(stranger).get(`/users?username=${ana.username}&q=ana`).expect(400);
    await api(stranger).get('/users?_limit=51&q=member').expect(400);
  });

  it('answers ten by default for a name search', async () => {
    const members = await signUpMembers(stack.server, 12);
    const res = await api(members[0]!).get('/users?q=member_').expect(200);
    expect((res.body as Person[]).length).toBe(10);
    expect(
      ((await api(members[0]!).get('/users?q=member_&_limit=3').expect(200)).body as Person[])
        .length,
    ).toBe(3);
  });
});

describe('user mappings', () => {
  const uuidv7 = () => {
    const hex = crypto.randomUUID().replace(/-/g, '');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };

  it('records one mapping per member, by the member or an owner', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    const mapping = {
      user_id: ana.id,
      uuidv7: uuidv7(),
      email: ana.email,
      created_at: '2026-11-25T10:00:00.000Z',
    };
    const before = await countEvents(db());
    await api(ben).post('/user_mappings', mapping).expect(403);
    await api(ana)
      .post('/user_mappings', { ...mapping, uuidv7: crypto.randomUUID() })
      .expect(400);
    await api(ana)
      .post('/user_mappings', { ...mapping, user_id: 'nope' })
      .expect(400);
    expect(await countEvents(db())).toBe(before);

    const created = await api(ana).post('/user_mappings', mapping).expect(201);
    expect(created.body).toEqual(mapping);
    await api(ana)
      .post('/user_mappings', { ...mapping, uuidv7: uuidv7() })
      .expect(409);
    await api(owner)
      .post('/user_mappings', { ...mapping, user_id: ben.id, uuidv7: mapping.uuidv7 })
      .expect(409);
    await api(owner)
      .post('/user_mappings', { ...mapping, user_id: ben.id, uuidv7: uuidv7() })
      .expect(201);

    expect((await api(ana).get(`/user_mappings?user_id=${ana.id}`).expect(200)).body).toEqual([
      mapping,
    ]);
    expect(
      (await api(owner).get(`/user_mappings?user_id=${ana.id}`).expect(200)).body,
    ).toHaveLength(1);
    await api(ben).get(`/user_mappings?user_id=${ana.id}`).expect(403);
    await api(ana).get('/user_mappings?user_id=nope').expect(400);
  });
});

describe('sequences', () => {
  it('hands 50 concurrent calls the values 1 to 50, each once', async () => {
    const [ana] = await signUpMembers(stack.server, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api(ana).post(`/users/${ana.id}/sequence`).expect(200)),
    );
    const values = answers
      .map((res) => (res.body as { value: number }).value)
      .sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(answers[0]!.body.userId).toBe(ana.id);
  });

  it('is the member’s or an owner’s to advance', async () => {
    const [ana, ben] = await signUpMembers(stack.server, 2);
    await api(ben).post(`/users/${ana.id}/sequence`).expect(403);
    await api(owner).post(`/users/${ana.id}/sequence`).expect(200);
    await api(ana).post('/users/nope/sequence').expect(400);
    await api(owner).post(`/users/${crypto.randomUUID()}/sequence`).expect(404);
    expect((await api(ana).post(`/users/${ana.id}/sequence`).expect(200)).body.value).toBe(2);
  });
});

describe('rebuild', () => {
  it('reproduces users, profiles, mappings and sequences', async () => {
    const tables = ['users', 'profiles', 'profile_stats', 'user_mappings', 'user_sequences'];
    const before = await snapshotReadModels(db(), tables);
    await rebuild(db());
    expect(await snapshotReadModels(db(), tables)).toEqual(before);
  });
});
