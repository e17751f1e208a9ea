import { SESSION_COOKIE } from '../../shared/constants';
import type { ActiveSession } from '../../server/core/session';
import type { Db } from '../../server/db/schema';
import { SessionCache } from '../../server/domains/auth/session-cache';
import {
  CdnAccessCache,
  visibleWithoutPostgres,
  type DeliveredFile,
} from '../../server/domains/media/cdn-access-cache';
import { PostVisibilityCache } from '../../server/domains/posts/post-visibility-cache';
import { pairKey } from '../../server/domains/posts/post-watchers';
import { RelayedMap } from '../../server/realtime/relayed-cache';
import { storedEvent as event } from '../support/stored-event';

/** A load the test finishes when it wants, to stand between a read and its answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('RelayedMap', () => {
  it('serves what it loaded, once the relay has read the log', async () => {
    const time = clock();
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000, now: time.now });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return `row ${loads}`;
    };
    // Before the relay's first complete read nothing is kept.
    expect(await map.read('a', load)).toBe('row 1');
    expect(await map.read('a', load)).toBe('row 2');
    map.readThrough(time.now());
    expect(await map.read('a', load)).toBe('row 3');
    expect(await map.read('a', load)).toBe('row 3');
    expect(loads).toBe(3);
  });

  it('stops serving when the relay has not read for longer than it trusts', async () => {
    const time = clock();
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000, now: time.now });
    map.readThrough(time.now());
    await map.read('a', async () => 'old');
    time.advance(3001);
    expect(await map.read('a', async () => 'fresh')).toBe('fresh');
    map.readThrough(time.now());
    // The relay, reading again, hands the caches whatever changed meanwhile before it says it
    // has read through: an entry that outlived the pause was not changed.
    expect(await map.read('a', async () => 'other')).toBe('old');
  });

  it('does not keep a row read before an invalidation that arrived while it was loading', async () => {
    const time = clock();
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000, now: time.now });
    map.readThrough(time.now());
    const slow = deferred<string>();
    const reading = map.read('file', () => slow.promise);
    // The change commits and the relay drops the key while the read is still on its way back.
    map.delete('file');
    slow.resolve('row before the change');
    expect(await reading).toBe('row before the change');
    expect(await map.read('file', async () => 'row after the change')).toBe('row after the change');
    expect(await map.read('file', async () => 'not asked')).toBe('row after the change');
  });

  it('does not keep a row read before everything was cleared', async () => {
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000 });
    map.readThrough(Date.now());
    const slow = deferred<string>();
    const reading = map.read('file', () => slow.promise);
    map.clear();
    slow.resolve('stale');
    await reading;
    expect(await map.read('file', async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most its capacity, dropping the least recently read', async () => {
    const map = new RelayedMap<string, string>({ capacity: 2, trustMs: 3000 });
    map.readThrough(Date.now());
    await map.read('a', async () => 'A');
    await map.read('b', async () => 'B');
    await map.read('a', async () => 'not asked');
    await map.read('c', async () => 'C');
    expect(map.size).toBe(2);
    expect(await map.read('a', async () => 'reloaded')).toBe('A');
    expect(await map.read('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps nothing with a capacity of 0, nor what the loader did not find', async () => {
    const off = new RelayedMap<string, string>({ capacity: 0, trustMs: 3000 });
    off.readThrough(Date.now());
    await off.read('a', async () => 'A');
    expect(off.size).toBe(0);
    const on = new RelayedMap<string, string>({ capacity: 5, trustMs: 3000 });
    on.readThrough(Date.now());
    await on.read('missing', async () => undefined);
    expect(on.size).toBe(0);
  });

  it('reads many keys with one load of those it does not hold', async () => {
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000 });
    map.readThrough(Date.now());
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.filter((k) => k !== 'none').map((k) => [k, k.toUpperCase()]));
    };
    expect(await map.readMany(['a', 'b'], load)).toEqual(
      new Map([
        ['a', 'A'],
        ['b', 'B'],
      ]),
    );
    expect(await map.readMany(['a', 'c', 'none'], load)).toEqual(
      new Map([
        ['a', 'A'],
        ['c', 'C'],
      ]),
    );
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'none'],
    ]);
  });

  it('does not keep what many keys loaded across an invalidation', async () => {
    const map = new RelayedMap<string, string>({ capacity: 10, trustMs: 3000 });
    map.readThrough(Date.now());
    const pending = deferred<Map<string, string>>();
    const reading = map.readMany(['a'], () => pending.promise);
    map.delete('b');
    pending.resolve(new Map([['a', 'old']]));
    expect(await reading).toEqual(new Map([['a', 'old']]));
    expect(await map.readMany(['a'], async () => new Map([['a', 'new']]))).toEqual(
      new Map([['a', 'new']]),
    );
  });
});

const OWNER = '00000000-0000-4000-8000-000000000001';
const READER = '00000000-0000-4000-8000-000000000002';
const FILE_ID = '00000000-0000-4000-8000-0000000000aa';

const file = (changes: Partial<DeliveredFile> = {}): DeliveredFile => ({
  id: FILE_ID,
  key: `${FILE_ID}.png`,
  poster_key: null,
  owner_id: OWNER,
  is_public: true,
  name: 'p.png',
  mime_type: 'image/png',
  kind: 'image',
  size: 10,
  sha256: 'a'.repeat(64),
  uploaded_at: new Date(0),
  version: 1,
  ...changes,
});

/** A stand-in for Kysely that answers the two reads of the cache from plain values. */
function fakeDb(state: { files: DeliveredFile[]; blocks: [string, string][] }) {
  const reads = { files: 0, blocks: 0 };
  const query = (table: string) => {
    const chain = {
      select: () => chain,
      where: () => chain,
      executeTakeFirst: async () => {
        reads.files += 1;
        return state.files[0];
      },
      execute: async () => {
        reads.blocks += 1;
        return state.blocks.map(([user_id, blocked_user_id]) => ({ user_id, blocked_user_id }));
      },
    };
    if (table !== 'files' && table !== 'blocks') throw new Error(`unexpected table ${table}`);
    return chain;
  };
  return { db: { selectFrom: query } as unknown as Db, reads };
}

describe('CdnAccessCache', () => {
  it('finds a file by its key or its poster key, and nothing by another key of the same id', async () => {
    const cache = new CdnAccessCache({ entries: 100, objectBytes: 1024 });
    cache.readThrough(Date.now());
    const { db, reads } = fakeDb({
      files: [file({ poster_key: `${FILE_ID}-poster.jpg` })],
      blocks: [],
    });
    expect((await cache.file(db, `${FILE_ID}.png`))?.id).toBe(FILE_ID);
    expect((await cache.file(db, `${FILE_ID}-poster.jpg`))?.id).toBe(FILE_ID);
    expect(await cache.file(db, `${FILE_ID}.jpg`)).toBeUndefined();
    expect(reads.files).toBe(1);
  });

  it('drops a file on any event of its stream, and everything on an erased account', async () => {
    const cache = new CdnAccessCache({ entries: 100, objectBytes: 1024 });
    cache.readThrough(Date.now());
    const state = { files: [file()], blocks: [] as [string, string][] };
    const { db, reads } = fakeDb(state);
    await cache.file(db, `${FILE_ID}.png`);
    state.files = [file({ is_public: false, version: 2 })];
    cache.invalidate([event('FileStarred', { fileId: 'another', starred: true })]);
    expect((await cache.file(db, `${FILE_ID}.png`))?.is_public).toBe(true);
    cache.invalidate([event('FileVisibilityChanged', { fileId: FILE_ID, isPublic: false })]);
    expect((await cache.file(db, `${FILE_ID}.png`))?.is_public).toBe(false);
    state.files = [];
    cache.invalidate([event('AccountDeleted', { userId: OWNER })]);
    expect(await cache.file(db, `${FILE_ID}.png`)).toBeUndefined();
    expect(reads.files).toBe(3);
  });

  it("drops both members' blocks when either blocks or unblocks the other", async () => {
    const cache = new CdnAccessCache({ entries: 100, objectBytes: 1024 });
    cache.readThrough(Date.now());
    const state = { files: [], blocks: [] as [string, string][] };
    const { db } = fakeDb(state);
    expect((await cache.blockedEitherWay(db, READER)).has(OWNER)).toBe(false);
    state.blocks = [[OWNER, READER]];
    expect((await cache.blockedEitherWay(db, READER)).has(OWNER)).toBe(false);
    cache.invalidate([event('MemberBlocked', { userId: OWNER, blockedUserId: READER })]);
    expect((await cache.blockedEitherWay(db, READER)).has(OWNER)).toBe(true);
    expect((await cache.blockedEitherWay(db, OWNER)).has(READER)).toBe(true);
    state.blocks = [];
    cache.invalidate([event('MemberUnblocked', { userId: READER, blockedUserId: OWNER })]);
    expect((await cache.blockedEitherWay(db, READER)).size).toBe(0);
    expect((await cache.blockedEitherWay(db, OWNER)).size).toBe(0);
  });
});

describe('visibleWithoutPostgres', () => {
  const none = new Set<string>();
  const blocked = new Set([OWNER]);
  it('lets the owner read any of their files, blocked or not', () => {
    expect(visibleWithoutPostgres(file({ is_public: false }), OWNER, blocked)).toBe(true);
  });
  it('lets any member read a public file unless a block stands either way', () => {
    expect(visibleWithoutPostgres(file(), READER, none)).toBe(true);
    expect(visibleWithoutPostgres(file(), READER, blocked)).toBe(false);
  });
  it("leaves a private file of someone else's to Postgres: a post may show it", () => {
    expect(visibleWithoutPostgres(file({ is_public: false }), READER, none)).toBeUndefined();
  });
});

describe('SessionCache', () => {
  const session = (changes: Partial<ActiveSession> = {}): ActiveSession => ({
    id: 's1',
    credential: { kind: 'cookie' },
    userId: READER,
    rememberMe: false,
    createdAt: new Date(0),
    lastActivityAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    passwordRotationRequired: false,
    user: {
      id: READER,
      username: 'reader',
      email: 'reader@example.com',
      display_name: 'Reader',
      avatar: null,
      email_verified: true,
      role: 'member',
      status: 'active',
      onboarding_complete: true,
    },
    ...changes,
  });
  const cookie = `${SESSION_COOKIE}=token-1`;

  function finderOver(found: () => ActiveSession | null) {
    const time = clock(Date.now());
    const cache = new SessionCache(100, time.now);
    cache.readThrough(time.now());
    let lookups = 0;
    const find = cache.finder(async () => {
      lookups += 1;
      return found();
    });
    return { cache, find, time, lookups: () => lookups };
  }

  it('looks a session up once, and again when its activity is due to be stamped', async () => {
    let current = session();
    const { find, time, lookups, cache } = finderOver(() => current);
    expect((await find(cookie))?.userId).toBe(READER);
    expect((await find(cookie))?.userId).toBe(READER);
    expect(lookups()).toBe(1);
    time.advance(61_000);
    cache.readThrough(time.now());
    current = session({ lastActivityAt: new Date(time.now()) });
    await find(cookie);
    expect(lookups()).toBe(2);
    expect(await find(undefined)).toBeNull();
  });

  it('never serves a session past its end', async () => {
    const { find, time, lookups } = finderOver(() =>
      session({ expiresAt: new Date(Date.now() + 30_000) }),
    );
    await find(cookie);
    time.advance(31_000);
    await find(cookie);
    expect(lookups()).toBe(2);
  });

  it.each([
    ['UserSignedOut', { userId: READER, sessionId: 's1' }],
    ['PasswordChanged', { userId: READER, passwordHash: 'x' }],
    ['UserDisabled', { userId: READER, byUserId: OWNER }],
    ['MemberSuspended', { userId: READER, moderatorId: OWNER }],
    ['AccountDeleted', { userId: READER }],
    ['UserRoleChanged', { userId: READER, role: 'moderator' }],
  ])('drops the member’s sessions on %s', async (type, data) => {
    let current: ActiveSession | null = session();
    const { find, cache } = finderOver(() => current);
    await find(cookie);
    current = null;
    cache.invalidate([event('FileStarred', { fileId: FILE_ID, starred: true })]);
    cache.invalidate([event(type, { ...data, userId: OWNER })]);
    expect((await find(cookie))?.userId).toBe(READER);
    cache.invalidate([event(type, data)]);
    expect(await find(cookie)).toBeNull();
  });
});

describe('PostVisibilityCache', () => {
  const POST = '00000000-0000-4000-8000-0000000000b1';
  const OTHER_POST = '00000000-0000-4000-8000-0000000000c2';
  const db = {} as Db;

  function cacheJudging(visible: Set<string>) {
    const judged: number[] = [];
    const cache = new PostVisibilityCache(100, async (_db, pairs) => {
      judged.push(pairs.length);
      return new Set(pairs.map((p) => pairKey(p.id, p.userId)).filter((key) => visible.has(key)));
    });
    cache.readThrough(Date.now());
    return { cache, judged };
  }

  const pairs = [
    { id: POST, userId: OWNER },
    { id: POST, userId: READER },
    { id: OTHER_POST, userId: READER },
  ];

  it('judges each watcher once while likes, comments and messages go by', async () => {
    const { cache, judged } = cacheJudging(new Set([pairKey(POST, OWNER)]));
    expect(await cache.visiblePairs(db, pairs)).toEqual(new Set([pairKey(POST, OWNER)]));
    cache.invalidate([
      event('PostLiked', { postId: POST }),
      event('CommentAdded', { postId: POST }),
      event('MessageSent', {}),
    ]);
    expect(await cache.visiblePairs(db, pairs)).toEqual(new Set([pairKey(POST, OWNER)]));
    expect(judged).toEqual([3]);
  });

  it("judges a post again after an event of that post's own, and every post after any other", async () => {
    const visible = new Set([pairKey(POST, OWNER)]);
    const { cache, judged } = cacheJudging(visible);
    await cache.visiblePairs(db, pairs);
    visible.add(pairKey(POST, READER));
    cache.invalidate([event('PostPermissionsSet', { postId: POST })]);
    expect(await cache.visiblePairs(db, pairs)).toEqual(
      new Set([pairKey(POST, OWNER), pairKey(POST, READER)]),
    );
    expect(judged).toEqual([3, 2]);
    visible.add(pairKey(OTHER_POST, READER));
    cache.invalidate([event('FriendshipEnded', { userId: OWNER })]);
    expect(await cache.visiblePairs(db, pairs)).toEqual(visible);
    expect(judged).toEqual([3, 2, 3]);
  });

  it("judges again only the two members' decisions after a friendship or a block between them", async () => {
    const { cache, judged } = cacheJudging(new Set([pairKey(POST, OWNER)]));
    await cache.visiblePairs(db, pairs);
    cache.invalidate([event('MemberBlocked', { userId: READER, blockedUserId: FILE_ID })]);
    await cache.visiblePairs(db, pairs);
    expect(judged).toEqual([3, 2]);
    cache.invalidate([event('FriendRemoved', { userId: OWNER, friendId: FILE_ID })]);
    await cache.visiblePairs(db, pairs);
    expect(judged).toEqual([3, 2, 1]);
  });

  it('judges every time when the relay has not read lately', async () => {
    const judged: number[] = [];
    const stale = new PostVisibilityCache(100, async (_db, asked) => {
      judged.push(asked.length);
      return new Set();
    });
    await stale.visiblePairs(db, pairs);
    await stale.visiblePairs(db, pairs);
    expect(judged).toEqual([3, 3]);
  });
});
