import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { compiledOnce, slot } from '../../server/db/compiled-once';
import { liveSession, liveSessionQuery } from '../../server/domains/auth/sessions';
import { qb } from '../../server/db/statement';
import {
  authorsFeedQuery,
  roundStatement,
  timelineFeedQuery,
  type RoundShape,
} from '../../server/domains/posts/home-feed-read';

describe('a statement compiled once per shape', () => {
  const byName = compiledOnce(
    [slot<string>('name'), slot<number>('limit')],
    (shape: 'short' | 'long', name: string, limit: number) =>
      qb
        .selectFrom('users')
        .select('id')
        .where('username', '=', name)
        .where('display_name', '=', shape === 'long' ? name : 'fixed')
        .limit(limit),
  );

  it('puts each call’s values where the stand-ins went, and keeps the statement’s own', () => {
    const first = byName('short', 'ann', 3);
    const second = byName('short', 'bob', 5);
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(['ann', 'fixed', 3]);
    expect(second.parameters).toEqual(['bob', 'fixed', 5]);
    expect(byName('long', 'cy', 1).parameters).toEqual(['cy', 'cy', 1]);
  });

  it('takes a value equal to the statement’s own for nothing but itself', () => {
    expect(byName('short', 'fixed', 2).parameters).toEqual(['fixed', 'fixed', 2]);
    const raw = compiledOnce([slot<string>('v')], (_shape: 'x', v: string) =>
      qb.selectNoFrom([
        sql<string>`${v}::text`.as('a'),
        sql<string>`${'[object Object]'}::text`.as('b'),
      ]),
    );
    expect(raw('x', 'v').parameters).toEqual(['v', '[object Object]']);
  });
});

describe('a raw statement compiled once per shape', () => {
  it('is the statement built with the call’s values, a value used twice in both places', () => {
    const build = (shape: 'a' | 'b', id: string, at: Date) =>
      sql`select ${id}::uuid as id, ${shape === 'a' ? 'one' : 'two'}::text as kind
        where ${at}::timestamptz < now() and ${id}::uuid is not null`;
    const once = compiledOnce([slot<string>('id'), slot<Date>('at')], build);
    const at = new Date(0);
    once('a', randomUUID(), new Date());
    for (const shape of ['a', 'b'] as const) {
      const id = randomUUID();
      const direct = build(shape, id, at).compile(qb);
      const compiled = once(shape, id, at);
      expect(compiled.sql).toBe(direct.sql);
      expect(compiled.parameters).toEqual(direct.parameters);
    }
  });
});

describe('the home feed’s rounds, compiled once', () => {
  const shapes: [RoundShape, number | null][] = [
    ['timeline:21:top', null],
    ['timeline:6:below', 123_456],
    ['timeline:42:below', 7],
    ['authors:29:top', null],
    ['authors:14:below', 99],
  ];

  it.each(shapes)('%s is the statement the read builds for the viewer', (shape, before) => {
    const viewer = randomUUID();
    const [source, take] = shape.split(':');
    const read = source === 'timeline' ? timelineFeedQuery : authorsFeedQuery;
    const direct = read(qb, viewer, Number(take), before).compile();
    roundStatement(shape, randomUUID(), 1);
    const once = roundStatement(shape, viewer, before ?? 0);
    expect(once.sql).toBe(direct.sql);
    expect(once.parameters).toEqual(direct.parameters);
  });
});

describe('the session lookup, compiled once', () => {
  it('is the statement built for the token and the time', () => {
    const now = new Date();
    const direct = liveSessionQuery('hash-of-a-token', now).compile();
    liveSession('live', 'another-hash', new Date(0));
    const once = liveSession('live', 'hash-of-a-token', now);
    expect(once.sql).toBe(direct.sql);
    expect(once.parameters).toEqual(direct.parameters);
  });
});
