import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import type { Badges } from '../../shared/badges';
import type { EventData, NewEvent } from '../../shared/events';
import type { Conversation, FriendRequest } from '../../shared/social';
import type { Db } from '../../server/db/schema';
import type { RunningServer } from '../../server/server';
import { append, model } from './model';

/**
 * The factories every test file sets its scene with: members (signed up through the API, or
 * registered straight into the log when a test needs many), what they do to each other, and the
 * reads tests compare before and after. One copy here instead of one per file, so a change to
 * an endpoint or a table is made once.
 */

let counter = 0;

export interface TestMember {
  id: string;
  username: string;
  email: string;
  password: string;
  cookie: string;
  role: string;
}

export const TEST_PASSWORD = 'Secret123';

/** Signs a new member up through the API and returns its session cookie. */
export async function signUp(server: RunningServer, name?: string): Promise<TestMember> {
  counter += 1;
  const username = name ?? `member_${process.pid}_${counter}_${Math.floor(Math.random() * 1e6)}`;
  const email = `${username}@example.com`;
  const password = TEST_PASSWORD;
  const res = await request(server.url)
    .post('/api/auth/sign-up')
    .send({ username, email, password })
    .expect(201);
  const cookie = sessionCookie(res.headers['set-cookie']);
  return { id: res.body.id, username, email, password, cookie, role: res.body.role };
}

type Members<N extends number, Made extends TestMember[] = []> = Made['length'] extends N
  ? Made
  : Members<N, [...Made, TestMember]>;

/** `count` members signed up one after another, in order. */
export async function signUpMembers<N extends number>(
  server: RunningServer,
  count: N,
): Promise<Members<N>> {
  const members: TestMember[] = [];
  for (let i = 0; i < count; i += 1) members.push(await signUp(server));
  return members as Members<N>;
}

/** On a fresh database: the first account, which becomes the owner, then a member. */
export async function signUpOwnerAndMember(
  server: RunningServer,
): Promise<{ owner: TestMember; member: TestMember }> {
  const owner = await signUp(server);
  const member = await signUp(server);
  return { owner, member };
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('agora_session='));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}

/** A sign-in attempt, for the caller to expect its answer. */
export function signIn(
  server: RunningServer,
  credentials: { email: string; password: string; rememberMe?: boolean },
) {
  return request(server.url).post('/api/auth/sign-in').send(credentials);
}

/** Requests to the API as one member: paths are under /api, and their session rides on each. */
export function as(server: RunningServer, member: { cookie: string }) {
  const api = request(server.url);
  const send = (test: request.Test, body: object | undefined) =>
    body === undefined ? test : test.send(body);
  return {
    get: (path: string) => api.get(`/api${path}`).set('cookie', member.cookie),
    post: (path: string, body?: object) =>
      send(api.post(`/api${path}`).set('cookie', member.cookie), body),
    put: (path: string, body: object) =>
      api.put(`/api${path}`).set('cookie', member.cookie).send(body),
    patch: (path: string, body: object) =>
      api.patch(`/api${path}`).set('cookie', member.cookie).send(body),
    delete: (path: string) => api.delete(`/api${path}`).set('cookie', member.cookie),
  };
}

/** A friend request through the API, as the recipient will see it. */
export async function sendFriendRequest(
  server: RunningServer,
  from: TestMember,
  to: { id: string },
  message?: string,
): Promise<FriendRequest> {
  const res = await as(server, from)
    .post('/friends/requests', { toUserId: to.id, ...(message === undefined ? {} : { message }) })
    .expect(201);
  return res.body as FriendRequest;
}

/** Makes two members friends through the API: `a` asks, `b` accepts. */
export async function befriend(server: RunningServer, a: TestMember, b: TestMember): Promise<void> {
  const sent = await sendFriendRequest(server, a, b);
  await as(server, b).post(`/friends/requests/${sent.id}/accept`).expect(200);
}

/** The conversation between two members, started by `from` or found if they already have one. */
export async function startConversation(
  server: RunningServer,
  from: TestMember,
  to: TestMember,
): Promise<Conversation> {
  const res = await as(server, from).post('/conversations', { participantId: to.id });
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`starting a conversation answered ${res.status}: ${res.text}`);
  }
  return res.body as Conversation;
}

/** A member's badges as GET /api/me/badges answers them. */
export async function badgesOf(server: RunningServer, member: TestMember): Promise<Badges> {
  const res = await as(server, member).get('/me/badges').expect(200);
  return res.body as Badges;
}

/**
 * A `UserRegistered` event; unnamed fields are made up from the id. The hash is not a real one:
 * a member registered this way never signs in.
 */
export function userRegistered(fields: Partial<EventData<'UserRegistered'>> = {}): NewEvent {
  const userId = fields.userId ?? randomUUID();
  const username = fields.username ?? `member_${userId.slice(0, 8)}`;
  return {
    type: 'UserRegistered',
    data: {
      userId,
      username,
      email: `${username}@example.com`,
      passwordHash: 'not-a-real-hash',
      role: 'member',
      ...fields,
    },
  };
}

/**
 * Members registered straight into the log in one transaction: for tests that need many who
 * never act themselves (recipients of requests), without the API's argon2 hashing per member.
 */
export async function registerDirectly(
  db: Db,
  count: number,
  prefix = 'direct',
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db.transaction().execute(async (trx) => {
    for (const userId of ids) {
      await append(trx, `user-${userId}`, 0, [
        userRegistered({ userId, username: `${prefix}_${userId.slice(0, 8)}` }),
      ]);
    }
  });
  return ids;
}

/** How many events the log holds: a refused command must leave it unchanged. */
export async function countEvents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Row counts of the named tables, by table: what a refused request must leave as it found. */
export async function rowCounts(
  db: Db,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.count;
  }
  return counts;
}

/** A stream's events in order, as types and versions. */
export function streamEvents(db: Db, streamId: string) {
  return db
    .selectFrom('events')
    .select(['type', 'stream_version'])
    .where('stream_id', '=', streamId)
    .orderBy('stream_version')
    .execute();
}

/** One table's rows, sorted, to compare a rebuild with what commands left. */
export async function snapshotTable(db: Db, table: string): Promise<unknown[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
    db,
  );
  // Whole rows as the order: tables keyed by a pair have many rows per first column.
  return rows
    .map((row) => JSON.stringify(row))
    .sort()
    .map((row) => JSON.parse(row));
}

/** The rows of every read model (or of the tables named), by table. */
export async function snapshotReadModels(
  db: Db,
  tables: readonly string[] = [...new Set(model.projections.flatMap((p) => p.tables))],
): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) result[table] = await snapshotTable(db, table);
  return result;
}

/** The emails queued to `recipient` from one template, oldest first. */
export function queuedEmails(db: Db, recipient: string, template: string) {
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .where('template', '=', template)
    .orderBy('created_at')
    .execute();
}

/** The one email queued to `recipient` from a template; throws when there is none. */
export async function queuedEmail(db: Db, recipient: string, template: string) {
  const [email] = await queuedEmails(db, recipient, template);
  if (!email) throw new Error(`no "${template}" email queued to ${recipient}`);
  return email;
}
