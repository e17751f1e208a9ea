import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Person } from '../../shared/social';
import { connectDatabase } from '../../server/db/database';
import { sweepDeadPresence } from '../../server/domains/presence/presence-sweeper';
import { eventually } from '../support/eventually';
import { as, signUp, signUpMembers, type TestMember } from '../support/factories';
import { connectAs, useServerWithDatabase } from '../support/test-server';

// The registered sweeper runs every 100 ms here; time is moved by dating heartbeats back.
const stack = useServerWithDatabase({ env: { PRESENCE_SWEEP_MS: '100' } });
const db = () => stack.database.db;

/** A socket row of a process that stopped heartbeating `secondsAgo` seconds ago. */
async function deadSocket(member: TestMember, node: string, secondsAgo: number): Promise<Date> {
  const { rows } = await sql<{ heartbeat_at: Date }>`
    insert into socket_presence (socket_id, user_id, node_id, heartbeat_at, last_active_at)
    values (${randomUUID()}, ${member.id}, ${node}, now() - make_interval(secs => ${secondsAgo}),
            now() - make_interval(secs => ${secondsAgo}))
    returning heartbeat_at`.execute(db());
  return rows[0]!.heartbeat_at;
}

const rowsOf = (member: TestMember) =>
  db().selectFrom('socket_presence').select('node_id').where('user_id', '=', member.id).execute();

const lastSeenOf = async (member: TestMember) =>
  (
    await db()
      .selectFrom('last_seen')
      .select('last_seen_at')
      .where('user_id', '=', member.id)
      .executeTakeFirst()
  )?.last_seen_at ?? null;

async function seenBy(viewer: TestMember, member: TestMember): Promise<Person> {
  const res = await as(stack.server, viewer)
    .get(`/users?email=${encodeURIComponent(member.email)}`)
    .expect(200);
  return (res.body as Person[])[0]!;
}

it('removes the rows of a process silent for 90 s, stamping last seen from its last heartbeat, and keeps the others', async () => {
  const [viewer, gone, elsewhere, late] = await signUpMembers(stack.server, 4);
  const node = `dead-${randomUUID()}`;
  // `gone` had two tabs on the dead process; the newer heartbeat is the last sign of life.
  await deadSocket(gone, node, 150);
  const lastHeartbeat = await deadSocket(gone, node, 95);
  // `elsewhere` also has a live socket on this server: still online, no last-seen stamp. The
  // dead row goes in once the live one is there: the server's own sweeper (every 100 ms) may
  // take it at any moment after, and the assertions hold whichever sweep does.
  const socket = await connectAs(stack.server, elsewhere);
  await eventually(
    () => rowsOf(elsewhere),
    (rows) => rows.length === 1,
  );
  await deadSocket(elsewhere, node, 95);
  // `late` was heard from 60 s ago: not yet taken for dead.
  await deadSocket(late, `slow-${randomUUID()}`, 60);

  // Sweeps on several processes at once (here: two pools besides the server's own sweeper).
  const other = connectDatabase(stack.database.url, 4);
  try {
    await Promise.all([
      sweepDeadPresence(db()),
      sweepDeadPresence(other.db),
      sweepDeadPresence(db()),
    ]);
  } finally {
    await other.close();
  }

  expect(await rowsOf(gone)).toEqual([]);
  expect((await rowsOf(elsewhere)).map((row) => row.node_id)).not.toContain(node);
  expect(await rowsOf(elsewhere)).toHaveLength(1);
  expect(await rowsOf(late)).toHaveLength(1);
  expect(await lastSeenOf(gone)).toEqual(lastHeartbeat);
  expect(await lastSeenOf(elsewhere)).toBeNull();
  expect(await seenBy(viewer, gone)).toMatchObject({
    status: 'offline',
    lastSeen: lastHeartbeat.toISOString(),
  });
  expect((await seenBy(viewer, elsewhere)).status).not.toBe('offline');
  socket.close();
});

it('keeps the later last-seen time when the member left properly after the process died', async () => {
  const member = await signUp(stack.server);
  await sql`insert into last_seen (user_id, last_seen_at) values (${member.id}, now())`.execute(
    db(),
  );
  const before = await lastSeenOf(member);
  await deadSocket(member, `dead-${randomUUID()}`, 120);
  await sweepDeadPresence(db());
  expect(await rowsOf(member)).toEqual([]);
  expect(await lastSeenOf(member)).toEqual(before);
});

it('runs on its own in every server process', async () => {
  const member = await signUp(stack.server);
  const lastHeartbeat = await deadSocket(member, `dead-${randomUUID()}`, 91);
  await eventually(
    () => rowsOf(member),
    (rows) => rows.length === 0,
    { attempts: 200 },
  );
  expect(await rowsOf(member)).toEqual([]);
  expect(await lastSeenOf(member)).toEqual(lastHeartbeat);
});
