import request from 'supertest';
import { SOCKET_EVENTS } from '../../shared/realtime';
import type { Person, SearchResult } from '../../shared/social';
import { as, befriend, signUp, streamEvents, type TestMember } from '../support/factories';
import { rebuild } from '../support/model';
import { connectAs, useServerWithDatabase, waitForEvent } from '../support/test-server';

const stack = useServerWithDatabase();
const db = () => stack.database.db;

const names = (people: { username: string }[]) => people.map((p) => p.username);

let owner: TestMember;
let caller: TestMember;
const members: Record<string, TestMember> = {};

beforeAll(async () => {
  // Each test file has a database of its own, so these names are free; the first is the owner.
  owner = await signUp(stack.server, 'people_owner');
  caller = await signUp(stack.server, 'searcher');
  for (const name of [
    'marvel',
    'marvel_aa',
    'marvel_bb',
    'the_marvel',
    'marvl',
    'zebra',
    'marvel_blocked',
    'marvel_blocker',
    'marvel_disabled',
    'go_between',
  ]) {
    members[name] = await signUp(stack.server, name);
  }
  // marvel_bb shares a friend with the caller, which breaks its tie with marvel_aa.
  await befriend(stack.server, caller, members.go_between!);
  await befriend(stack.server, members.marvel_bb!, members.go_between!);
  await as(stack.server, caller)
    .post('/friends/blocks', { userId: members.marvel_blocked!.id })
    .expect(201);
  await as(stack.server, members.marvel_blocker!)
    .post('/friends/blocks', { userId: caller.id })
    .expect(201);
  await as(stack.server, owner)
    .post(`/admin/users/${members.marvel_disabled!.id}/disable`)
    .expect(204);
});

describe('GET /users', () => {
  it('ranks exact username, then prefix, then similarity, with mutual friends breaking ties', async () => {
    const res = await as(stack.server, caller).get('/users?q=Marvel').expect(200);
    expect(names(res.body)).toEqual(['marvel', 'marvel_bb', 'marvel_aa', 'the_marvel', 'marvl']);
    expect(res.body[0]).toEqual({
      id: members.marvel!.id,
      username: 'marvel',
      displayName: 'marvel',
      avatar: null,
      status: 'offline',
      lastSeen: null,
      privacy: 'public',
    });
  });

  it('ranks /friends/search the same way, with falling relevance scores', async () => {
    const res = await as(stack.server, caller).get('/friends/search?q=marvel').expect(200);
    const results = res.body as SearchResult[];
    expect(results.map((r) => r.user.username)).toEqual([
      'marvel',
      'marvel_bb',
      'marvel_aa',
      'the_marvel',
      'marvl',
    ]);
    const scores = results.map((r) => r.relevanceScore);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(results[1]!.mutualFriends).toBe(1);
  });

  it('honours _limit and answers a blank query with nobody', async () => {
    const limited = await as(stack.server, caller).get('/users?q=marvel&_limit=2').expect(200);
    expect(names(limited.body)).toEqual(['marvel', 'marvel_bb']);
    expect((await as(stack.server, caller).get('/users?q=%20%20').expect(200)).body).toEqual([]);
    expect((await as(stack.server, caller).get('/users').expect(200)).body).toEqual([]);
    await as(stack.server, caller).get('/users?q=marvel&_limit=51').expect(400);
  });

  it('never lists the caller', async () => {
    const res = await as(stack.server, caller).get('/users?q=searcher').expect(200);
    expect(res.body).toEqual([]);
  });

  it('finds one member by exact email, in any case, without revealing the address', async () => {
    const target = members.marvl!;
    const res = await as(stack.server, caller)
      .get(`/users?email=${encodeURIComponent(target.email.toUpperCase())}`)
      .expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].id).toBe(target.id);
    expect(JSON.stringify(res.body)).not.toContain('@');
    const partial = await as(stack.server, caller)
      .get('/users?email=marv%40example.com')
      .expect(200);
    expect(partial.body).toEqual([]);
  });

  it('finds by email neither the caller, nor blocked members either way, nor disabled ones', async () => {
    for (const email of [
      caller.email,
      members.marvel_blocked!.email,
      members.marvel_blocker!.email,
      members.marvel_disabled!.email,
    ]) {
      const res = await as(stack.server, caller)
        .get(`/users?email=${encodeURIComponent(email)}`)
        .expect(200);
      expect(res.body).toEqual([]);
    }
  });

  it('refuses q together with email, and a malformed email', async () => {
    await as(stack.server, caller)
      .get(`/users?q=marvel&email=${encodeURIComponent(caller.email)}`)
      .expect(400);
    await as(stack.server, caller).get('/users?email=not-an-address').expect(400);
  });

  it('needs a session', async () => {
    await request(stack.server.url).get('/api/users?q=marvel').expect(401);
    await request(stack.server.url).put('/api/me/privacy').send({ privacy: 'private' }).expect(401);
    await request(stack.server.url).get('/api/me/privacy').expect(401);
  });
});

describe('PUT /me/privacy', () => {
  it('records ProfilePrivacyChanged on the member stream and shows it to others', async () => {
    const member = members.zebra!;
    await as(stack.server, member).get('/me/privacy').expect(200, { privacy: 'public' });
    const res = await as(stack.server, member)
      .put('/me/privacy', { privacy: 'friendsOnly' })
      .expect(200);
    expect(res.body).toEqual({ privacy: 'friendsOnly' });
    await as(stack.server, member).get('/me/privacy').expect(200, { privacy: 'friendsOnly' });
    const events = await streamEvents(db(), `user-${member.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'ProfilePrivacyChanged',
    ]);
    const seen = await as(stack.server, caller).get('/users?q=zebra').expect(200);
    expect((seen.body as Person[])[0]!.privacy).toBe('friendsOnly');

    // The same setting again records nothing; the member stream's version keeps up for later.
    await as(stack.server, member).put('/me/privacy', { privacy: 'friendsOnly' }).expect(200);
    await as(stack.server, member).put('/me/privacy', { privacy: 'private' }).expect(200);
    const after = await streamEvents(db(), `user-${member.id}`);
    expect(after).toHaveLength(4);
  });

  it('refuses an unknown setting and changes nothing', async () => {
    const member = members.the_marvel!;
    await as(stack.server, member).put('/me/privacy', { privacy: 'secret' }).expect(400);
    await as(stack.server, member).put('/me/privacy', {}).expect(400);
    const row = await db()
      .selectFrom('users')
      .select('privacy')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.privacy).toBe('public');
  });

  it("tells the member's friends to refetch, since their lists show it", async () => {
    const socket = await connectAs(stack.server, members.go_between!);
    const changed = waitForEvent(socket, SOCKET_EVENTS.friendsChanged);
    await as(stack.server, caller).put('/me/privacy', { privacy: 'friendsOnly' }).expect(200);
    await expect(changed).resolves.toEqual({});
    socket.close();
  });

  it('survives a rebuild of the read models', async () => {
    await as(stack.server, members.marvel_aa!)
      .put('/me/privacy', { privacy: 'private' })
      .expect(200);
    const before = await db().selectFrom('users').select(['id', 'privacy']).orderBy('id').execute();
    await rebuild(db());
    const after = await db().selectFrom('users').select(['id', 'privacy']).orderBy('id').execute();
    expect(after).toEqual(before);
    expect(after.find((row) => row.id === members.marvel_aa!.id)!.privacy).toBe('private');
  });
});
