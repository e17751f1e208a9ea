import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type PresenceSignal } from '../../shared/realtime';
import type { Person } from '../../shared/social';
import { eventually } from '../support/eventually';
import { as, befriend, signUp, signUpMembers, type TestMember } from '../support/factories';
import { connectAs, startTestServer, useServerWithDatabase } from '../support/test-server';

const stack = useServerWithDatabase();

let viewer: TestMember;
beforeAll(async () => {
  viewer = await signUp(stack.server);
});

/** How `member` appears to another member. */
async function seen(member: TestMember): Promise<Person> {
  const res = await as(stack.server, viewer)
    .get(`/users?email=${encodeURIComponent(member.email)}`)
    .expect(200);
  return (res.body as Person[])[0]!;
}

/** The server records a disconnect only after it happens: ask again for a while. */
const PATIENCE = { attempts: 200 };

const seenAs = (member: TestMember, status: Person['status']) =>
  eventually(
    () => seen(member),
    (person) => person.status === status,
    PATIENCE,
  );

const socketRowsOf = (member: TestMember) =>
  stack.database.db
    .selectFrom('socket_presence')
    .select('socket_id')
    .where('user_id', '=', member.id)
    .execute();

/** Resolves once the server has stored the signal. */
function signal(socket: Socket, value: PresenceSignal): Promise<unknown> {
  return socket.timeout(10_000).emitWithAck(SOCKET_EVENTS.presence, value);
}

/** Moves the member's last activity back in time instead of waiting for it. */
async function idleFor(member: TestMember, minutes: number): Promise<void> {
  await sql`update socket_presence set last_active_at = now() - make_interval(mins => ${minutes})
    where user_id = ${member.id}`.execute(stack.database.db);
}

it('goes online, away five minutes after the tab is hidden, and offline with a last-seen time after leaving', async () => {
  const member = await signUp(stack.server);
  expect(await seen(member)).toMatchObject({ status: 'offline', lastSeen: null });

  const socket = await connectAs(stack.server, member);
  await signal(socket, { visible: true, active: true });
  expect((await seen(member)).status).toBe('online');

  await signal(socket, { visible: false, active: false });
  expect((await seen(member)).status).toBe('online');
  await idleFor(member, 4);
  expect((await seen(member)).status).toBe('online');
  await idleFor(member, 6);
  expect((await seen(member)).status).toBe('away');

  // Back in the tab and using it: online again.
  await signal(socket, { visible: true, active: true });
  expect((await seen(member)).status).toBe('online');

  const before = Date.now();
  socket.close();
  const gone = await seenAs(member, 'offline');
  expect(gone.status).toBe('offline');
  expect(Date.parse(gone.lastSeen!)).toBeGreaterThanOrEqual(before - 1000);
});

it('stays online while another tab is still connected', async () => {
  const member = await signUp(stack.server);
  const first = await connectAs(stack.server, member);
  const second = await connectAs(stack.server, member);
  await signal(first, { visible: true, active: true });
  await signal(second, { visible: true, active: true });

  first.close();
  const rows = await eventually(
    () => socketRowsOf(member),
    (found) => found.length === 1,
    PATIENCE,
  );
  expect(rows).toHaveLength(1);
  expect(await seen(member)).toMatchObject({ status: 'online', lastSeen: null });
  second.close();
  expect((await seenAs(member, 'offline')).lastSeen).not.toBeNull();
});

it('ignores a malformed signal', async () => {
  const member = await signUp(stack.server);
  const socket = await connectAs(stack.server, member);
  const row = () =>
    stack.database.db
      .selectFrom('socket_presence')
      .select(['visible'])
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
  await signal(socket, { visible: false, active: false });
  const before = await row();
  socket.emit(SOCKET_EVENTS.presence, { visible: true, active: true, extra: 1 });
  socket.emit(SOCKET_EVENTS.presence, { visible: 'yes', active: true });
  socket.emit(SOCKET_EVENTS.presence, 'visible');
  // One socket's events are handled in order, so this answer comes after the three above.
  await signal(socket, { visible: false, active: false });
  expect(await row()).toEqual(before);
  expect(before.visible).toBe(false);
  socket.close();
});

it("counts a dead process's stale sockets as gone", async () => {
  const member = await signUp(stack.server);
  await stack.database.db
    .insertInto('socket_presence')
    .values({
      socket_id: `stale-${randomUUID()}`,
      user_id: member.id,
      node_id: 'a-process-that-died',
      heartbeat_at: sql<Date>`now() - interval '10 minutes'`,
    })
    .execute();
  expect((await seen(member)).status).toBe('offline');
});

it('removes its sockets and stamps last seen when a process stops', async () => {
  const member = await signUp(stack.server);
  const other = await startTestServer(stack.database.url);
  const socket = await connectAs(other, member);
  await signal(socket, { visible: true, active: true });
  expect((await seen(member)).status).toBe('online');

  await other.close();
  socket.close();
  expect(await seen(member)).toMatchObject({ status: 'offline' });
  expect((await seen(member)).lastSeen).not.toBeNull();
});

it('shows a member offline, with no last-seen time, to a friend they took read away from', async () => {
  const [member, friend] = await signUpMembers(stack.server, 2);
  await befriend(stack.server, member, friend);
  const socket = await connectAs(stack.server, member);
  await signal(socket, { visible: true, active: true });

  const asFriendSees = async () => {
    const friends = (await as(stack.server, friend).get('/friends').expect(200)).body as {
      user: Person;
    }[];
    return friends[0]!.user;
  };
  expect((await asFriendSees()).status).toBe('online');
  await as(stack.server, member)
    .put(`/friends/${friend.id}/permissions`, { permissions: ['write', 'search', 'delete'] })
    .expect(200);
  expect(await asFriendSees()).toMatchObject({ status: 'offline', lastSeen: null });
  // Others still see the member as they are.
  expect((await seen(member)).status).toBe('online');
  socket.close();
});
