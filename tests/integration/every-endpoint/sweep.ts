import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { z } from 'zod';
import type { Db } from '../../../server/db/schema';
import type { AnyRouteSpec } from '../../../server/http/route-spec';
import {
  as,
  befriend,
  sendFriendRequest,
  signUpMembers,
  signUpOwnerAndMember,
  startConversation,
  type TestMember,
} from '../../support/factories';
import { png, uploaded } from '../../support/media-fixtures';
import { takeResponseProblems } from '../../support/response-checks';
import { useServerWithDatabase } from '../../support/test-server';

/**
 * Every endpoint the app mounts, driven with generated params, queries and bodies that carry
 * what breaks servers: NUL, lone surrogates, 100k-character strings, invisible-only text,
 * numbers past every column, nesting 1,000 levels deep, arrays of 10^5, wrong types, ids that
 * name nothing, uploads of bytes of no type past 64 KiB. No answer may be a 5xx, every answer
 * must be one the API document describes, and an answer that refuses (4xx) must be the API's JSON
 * and leave every table as it found it. Fields come from each route's own schemas (the ones the
 * OpenAPI document is built from), so hostile values land on real fields next to plausible ones.
 *
 * The routes are dealt into shards (`every-endpoint-<n>.test.ts`), each a test file with its own
 * server and database, so each stays within its time limit as routes are added (and Jest runs
 * them side by side where it has more than one worker).
 *
 * Reproduce a failure with the seed below; each route runs with `SEED + its index` in the list
 * of every route.
 */
const SEED = 20_261_201;
/**
 * The sweep, then generated attempts until this has passed: about 12 s of them after a 13 s
 * sweep, some 1,800 attempts a shard (with the whole-table hash this replaced, 50 s bought 650).
 */
const BUDGET_MS = 25_000;
const RUNS_PER_ROUTE = 200;
/**
 * Requests slower than this are listed under `DEBUG_EVERY_ENDPOINT=1`: a refusal that takes
 * seconds is work an attacker can make the server do (a password of 100k characters once took
 * 20 s in the complexity pattern).
 */
const SLOW_MS = 1000;

/** Intentionally fails: it is how tests check that a bug is reported. */
const SKIPPED = new Set(['POST /test/monitoring/fail']);

/** Which of the routes this file drives: every `of`-th, starting at `index`. */
export interface Shard {
  index: number;
  of: number;
}

type JsonSchema = { [keyword: string]: unknown };
/** A member's session cookie, an API token's bearer secret, or no credential at all. */
type Caller = 'anonymous' | TestMember | { bearer: string };

interface Scene {
  owner: TestMember;
  member: TestMember;
  /** The member's friend, with whom they have a conversation. */
  friendId: string;
  /** Another friend of the member's, for friend routes to act on. */
  buddyId: string;
  /** A member who sent the member a friend request. */
  strangerId: string;
  /** A member nobody knows, for a friend request to reach the command. */
  lonerId: string;
  conversationId: string;
  messageId: string;
  /** The friend's public post: the member may read it but not change it. */
  postId: string;
  requestId: string;
  notificationId: string;
  /** One of the member's files (an image), by key and by id (an avatar's source). */
  fileKey: string;
  fileId: string;
  /** A public community the friend created and the member may join. */
  communityId: string;
  /** A discussion and a post the friend started in it. */
  discussionId: string;
  communityPostId: string;
  /** An event the friend organizes, outside communities. */
  eventId: string;
  /** An organization the friend created. */
  organizationId: string;
  /**
   * API tokens of the member (every scope a member may hold, and `read` alone) and of the owner
   * (every scope): each route is also swept with a token, the read-only one finding the scope
   * refusals.
   */
  tokens: { member: string; reader: string; owner: string };
  /** All of the above: what generated params and fields pick from. */
  ids: string[];
}

interface Attempt {
  params: Record<string, string>;
  query: [string, string][];
  /** Raw request body text; undefined sends none. */
  body: string | undefined;
  /** Instead of `body`, a multipart form (the upload routes). */
  form?: Form;
  /** Instead of `body`, raw bytes (the routes that stream a whole body). */
  bytes?: Buffer;
}

interface Form {
  fields: [string, string][];
  files: { field: string; filename: string; content: Buffer }[];
}

// ---------------------------------------------------------------- hostile values

const HIGH = '\uD83D';
const LOW = '\uDE00';
const INVISIBLE = '\u200B\u200C\u200D\u2060\uFEFF';

/** Text Postgres cannot store, text that only looks like something, and text past any bound. */
const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('\0', 'a\0b', `${'x'.repeat(20)}\0`) },
  { weight: 4, arbitrary: fc.constantFrom(HIGH, LOW, `ok${HIGH}`, `${LOW}ok`, `${LOW}${HIGH}`) },
  { weight: 2, arbitrary: fc.constantFrom(INVISIBLE, ` ${INVISIBLE} `, '\u3164\u2800', '') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('x'.repeat(100_000), '😀'.repeat(2_500), 'W'.repeat(5_001)),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '2147483648',
      '9223372036854775808',
      '-1',
      'NaN',
      '1e308',
      'Infinity',
      '0x10',
      "'; drop table users; --",
      '"quoted"@example.com',
      'ana<ben@example.com>',
      '{aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa}',
      '__proto__',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Numbers past an int4 column, past what a double holds exactly, negative, fractional. */
const hostileNumber = fc.constantFrom<unknown>(
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  2 ** 63,
  -1,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  1.5,
  'NaN',
  '1',
);

const hostileArray = fc.constantFrom<unknown>(
  ['read', 'read'],
  ['\0'],
  [HIGH],
  Array.from({ length: 100_000 }, () => 0),
  Array.from({ length: 300 }, () => 'x'.repeat(4_000)),
);

/** Anything but what the field wants. */
const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, [], {}, { a: '\0' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** JSON text nesting arrays or objects `levels` deep. */
const deepText = (open: '[' | '{"a":', levels: number) =>
  open.repeat(levels) + '0' + (open === '[' ? ']' : '}').repeat(levels);

// ---------------------------------------------------------------- from the route's schemas

type Defs = Record<string, JsonSchema>;

const PLAUSIBLE_TEXT = [
  'hello',
  'Ana',
  'read',
  'nobody@example.com',
  '12:00',
  'UTC',
  '1',
  '12345',
  'user',
  'Password Reset',
];

/** The object (or the first object variant) a schema describes, refs resolved. */
function resolve(schema: JsonSchema, defs: Defs): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') return resolve(defs[ref.split('/').pop()!] ?? {}, defs);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) {
      const object = (variants as JsonSchema[]).find((v) => v.type === 'object' || v.$ref);
      if (object) return resolve(object, defs);
    }
  }
  return schema;
}

/**
 * What an array holds: its items' schema, or a tuple's first position (a tuple's `items` is
 * `false`, which is a schema but not an object).
 */
function itemsOf(field: JsonSchema): JsonSchema {
  if (Array.isArray(field.prefixItems)) return (field.prefixItems[0] as JsonSchema) ?? {};
  return typeof field.items === 'object' && field.items !== null ? (field.items as JsonSchema) : {};
}

/** A value the field's schema might accept, so that a hostile value sits among valid ones. */
function plausible(
  schema: JsonSchema,
  defs: Defs,
  ids: string[],
  depth: number,
): fc.Arbitrary<unknown> {
  const field = resolve(schema, defs);
  if (Array.isArray(field.enum)) return fc.constantFrom(...(field.enum as unknown[]));
  if ('const' in field) return fc.constant(field.const);
  const min = typeof field.minimum === 'number' ? field.minimum : 0;
  const max = typeof field.maximum === 'number' ? field.maximum : 1_000;
  switch (field.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min, max: Math.min(max, min + 1_000) });
    case 'number':
      return fc.double({ min, max, noNaN: true });
    case 'array': {
      return fc.array(plausible(itemsOf(field), defs, ids, depth + 1), { maxLength: 3 });
    }
    case 'object':
      return objectOf(field, defs, ids, depth + 1, false);
    case 'string': {
      if (field.format === 'uuid') return fc.constantFrom(...ids);
      if (field.format === 'date-time') {
        const dates = fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true });
        return dates.map((date) => date.toISOString());
      }
      const pattern = typeof field.pattern === 'string' ? new RegExp(field.pattern) : null;
      const fits = PLAUSIBLE_TEXT.filter((candidate) => !pattern || pattern.test(candidate));
      return fc.constantFrom(...(fits.length > 0 ? fits : PLAUSIBLE_TEXT));
    }
    default:
      return fc.constantFrom<unknown>('hello', 1, true);
  }
}

/** Mostly a hostile value of the field's own type (where it gets furthest), else any type. */
function hostile(
  schema: JsonSchema,
  defs: Defs,
  ids: string[],
  depth: number,
): fc.Arbitrary<unknown> {
  const field = resolve(schema, defs);
  const typed =
    field.type === 'string'
      ? field.format === 'uuid'
        ? fc.oneof(hostileText, fc.uuid(), fc.constantFrom(...ids.map((id) => id.toUpperCase())))
        : hostileText
      : field.type === 'integer' || field.type === 'number'
        ? hostileNumber
        : field.type === 'array'
          ? fc.oneof(
              hostileArray,
              fc.array(hostile(itemsOf(field), defs, ids, depth + 1), {
                minLength: 1,
                maxLength: 2,
              }),
            )
          : field.type === 'object' && depth < 4
            ? objectOf(field, defs, ids, depth + 1, true)
            : wrongType;
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: wrongType });
}

/**
 * An object of the schema's fields: plausible values (optional ones sometimes left out) and, when
 * `spoiled`, exactly one field hostile, so that the request goes as far as that field lets it.
 * Now and then a key the schema does not know.
 */
function objectOf(
  schema: JsonSchema,
  defs: Defs,
  ids: string[],
  depth: number,
  spoiled: boolean,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries((schema.properties as Defs | undefined) ?? {});
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const strayKey = fc.constantFrom('extra', '__proto__', 'a\0', HIGH);
  if (properties.length === 0) {
    return fc.dictionary(strayKey, fc.oneof(hostileText, wrongType), { minKeys: 1, maxKeys: 2 });
  }
  const fields = properties.map(([name, field]) =>
    fc.record({
      name: fc.constant(name),
      keep: required.has(name) ? fc.constant(true) : fc.boolean(),
      good: plausible(field, defs, ids, depth),
      bad: hostile(field, defs, ids, depth),
    }),
  );
  const stray = fc.option(fc.tuple(strayKey, hostileText), { freq: 6 });
  return fc
    .tuple(fc.tuple(...fields), fc.nat(properties.length - 1), stray)
    .map(([chosen, spoilt, extra]) => {
      const out: Record<string, unknown> = {};
      chosen.forEach((field, index) => {
        if (spoiled && index === spoilt) out[field.name] = field.bad;
        else if (field.keep) out[field.name] = field.good;
      });
      // Defined, not assigned: `__proto__` must be an own key of the JSON sent.
      if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true });
      return out;
    });
}

function jsonSchemaOf(schema: z.ZodType | undefined): { root: JsonSchema; defs: Defs } | null {
  if (!schema) return null;
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
  }) as JsonSchema;
  return { root: resolve(json, (json.$defs as Defs) ?? {}), defs: (json.$defs as Defs) ?? {} };
}

// ---------------------------------------------------------------- requests

/** Percent-encodes UTF-16 as a browser would, lone surrogates as the bytes they would be. */
function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    let point = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (point >= 0xd800 && point <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      point = 0x10000 + ((point - 0xd800) << 10) + (next - 0xdc00);
      i += 1;
    }
    const char = String.fromCharCode(point);
    if (point < 0x80 && /[A-Za-z0-9\-_.~]/.test(char)) {
      out += char;
      continue;
    }
    const bytes =
      point < 0x80
        ? [point]
        : point < 0x800
          ? [0xc0 | (point >> 6), 0x80 | (point & 63)]
          : point < 0x10000
            ? [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 63), 0x80 | (point & 63)]
            : [
                0xf0 | (point >> 18),
                0x80 | ((point >> 12) & 63),
                0x80 | ((point >> 6) & 63),
                0x80 | (point & 63),
              ];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Room for a URL within Node's 16 KB of request line and headers (the cookie among them). */
const URL_LIMIT = 14_000;

/** Text for a URL, cut: past 16 KB Node refuses the request before Express sees it. */
const asUrlText = (value: unknown): string =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).slice(0, 2_000);

/** How many inputs a route reads (fields at any depth, path params), plus one for the rest. */
function inputCount(route: AnyRouteSpec): number {
  const fields = (schema: JsonSchema, defs: Defs): number => {
    const properties = Object.values((resolve(schema, defs).properties as Defs | undefined) ?? {});
    return properties.reduce((sum, field) => sum + Math.max(1, fields(field, defs)), 0);
  };
  const counted = [route.query, route.body].map((schema) => {
    const json = jsonSchemaOf(schema);
    return json ? fields(json.root, json.defs) : 0;
  });
  return 1 + [...route.path.matchAll(/:\w+/g)].length + counted[0]! + counted[1]!;
}

function attemptsFor(route: AnyRouteSpec, ids: string[]): fc.Arbitrary<Attempt> {
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  // Mostly ids that exist, so that what the body carries reaches a command that acts on them.
  const paramValue = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.constantFrom(...ids.map((id) => id.toUpperCase())) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileText.map(asUrlText) },
  );
  const params = fc
    .tuple(...pathNames.map(() => paramValue))
    .map((values) => Object.fromEntries(pathNames.map((name, i) => [name, values[i]!])));

  const querySchema = jsonSchemaOf(route.query);
  const queryObject = querySchema
    ? fc.oneof(
        objectOf(querySchema.root, querySchema.defs, ids, 1, true),
        objectOf(querySchema.root, querySchema.defs, ids, 1, false),
      )
    : fc.oneof(fc.constant({}), objectOf({}, {}, ids, 1, true));
  const query = fc.tuple(queryObject, fc.boolean()).map(([object, repeat]) =>
    Object.entries(object).flatMap(([key, value]): [string, string][] =>
      repeat
        ? [
            [key, asUrlText(value)],
            [key, 'again'],
          ]
        : [[key, asUrlText(value)]],
    ),
  );

  const bodySchema = jsonSchemaOf(route.body);
  const wholeBody = fc.oneof(
    fc.constantFrom(deepText('[', 1_000), deepText('{"a":', 1_000)),
    fc.constant(`[${'0,'.repeat(99_999)}0]`),
    fc.constantFrom('{"a":', 'nul', '"\\u0000"', '{"a":"\\ud800"}', '[]', '{}', 'null', '1e308'),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  );
  const body = bodySchema
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: objectOf(bodySchema.root, bodySchema.defs, ids, 1, true).map((value) =>
            JSON.stringify(value),
          ),
        },
        { weight: 1, arbitrary: wholeBody },
      )
    : fc.oneof(
        { weight: 3, arbitrary: wholeBody },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );

  // Each value is cut (`asUrlText`), but two long ones of multi-byte text still make a URL Node
  // refuses (431, before Express) past 16 KB of request line and headers: not an attempt on the
  // route.
  return fc
    .record({ params, query, body })
    .filter((attempt) => urlOf(route, attempt).length <= URL_LIMIT);
}

/** An attempt in a line, long values cut, so that a failure reads at a glance. */
function brief(attempt: Attempt): string {
  return JSON.stringify(attempt, (_key, value: unknown) => {
    if (typeof value === 'string' && value.length > 80) {
      return `${value.slice(0, 40)}…(${value.length} chars)`;
    }
    // A Buffer as JSON is an array of its bytes: its length says enough.
    const bytes = value as { type?: unknown; data?: unknown[] } | null;
    if (bytes?.type === 'Buffer' && Array.isArray(bytes.data)) {
      return `(${bytes.data.length} bytes)`;
    }
    return value;
  });
}

/** The URL an attempt is sent to, its params and query percent-encoded. */
function urlOf(route: AnyRouteSpec, attempt: Pick<Attempt, 'params' | 'query'>): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    percentEncode(attempt.params[name] ?? ''),
  );
  const query = attempt.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
  return `/api${path}${query ? `?${query}` : ''}`;
}

function send(baseUrl: string, route: AnyRouteSpec, attempt: Attempt, caller: Caller) {
  let test = request(baseUrl)[route.method](urlOf(route, attempt));
  if (caller !== 'anonymous' && 'bearer' in caller) {
    test = test.set('authorization', `Bearer ${caller.bearer}`);
  } else if (caller !== 'anonymous') {
    test = test.set('cookie', caller.cookie);
  }
  if (attempt.form) {
    for (const [name, value] of attempt.form.fields) test = test.field(name, value);
    for (const file of attempt.form.files) {
      test = test.attach(file.field, file.content, { filename: file.filename });
    }
  } else if (attempt.bytes) {
    test = test.set('content-type', 'application/octet-stream').send(attempt.bytes);
  } else if (attempt.body !== undefined) {
    test = test.set('content-type', 'application/json').send(attempt.body);
  }
  return test;
}

// ---------------------------------------------------------------- the sweep

/**
 * The id a route's param or field most likely names in the scene, so that a sweep's request
 * reaches the command behind validation: the conversation for conversation routes, the buddy
 * (a friend nothing else needs) for friend routes, the stranger for operator routes.
 */
function idFor(scene: Scene, route: AnyRouteSpec, name: string): string {
  if (name === 'upToMessageId' || name === 'before') return scene.messageId;
  if (name === 'participantId') return scene.friendId;
  if (name === 'toUserId') return scene.lonerId;
  // A member uploads into their own folder; the other files routes act on their file.
  if (name === 'userId' && route.path.startsWith('/upload')) return scene.member.id;
  if (name === 'key') return scene.fileKey;
  if (name === 'fileId') return scene.fileId;
  if (route.path.startsWith('/conversations')) return scene.conversationId;
  if (/^\/(posts|content)\/(composite\/)?:id/.test(route.path)) return scene.postId;
  if (name === 'id' && route.path.startsWith('/communities/:id')) return scene.communityId;
  if (route.path.startsWith('/discussions/:id')) return scene.discussionId;
  if (route.path.startsWith('/community-posts/:id')) return scene.communityPostId;
  if (route.path.startsWith('/events/:id')) return scene.eventId;
  if (route.path.startsWith('/organizations/:id')) return scene.organizationId;
  if (route.path.startsWith('/friends/requests/')) return scene.requestId;
  if (route.path.startsWith('/notifications')) return scene.notificationId;
  if (route.path.startsWith('/friends')) return scene.buddyId;
  return scene.strangerId;
}

const SWEEP_TEXT = ['a\0b', `ok${HIGH}`, `${LOW}ok`, INVISIBLE, 'x'.repeat(100_000)];
const SWEEP_NUMBERS = [2 ** 31, 2 ** 53 + 2, -1, 1e308];
const NO_SUCH_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
/** A small real image, made once the test starts (sharp is asynchronous). */
let PNG_BYTES: Buffer = Buffer.alloc(0);
/**
 * Bytes of no type, past 64 KiB: an upload refused by its first bytes is refused while the rest
 * is still arriving, and the refusal must still be a JSON answer on a connection left usable.
 */
const NOISE = Buffer.alloc(1_000_000, 7);

/**
 * A value the field accepts, as far as its schema says (of an object, its required fields): the
 * background a sweep puts one hostile value into.
 */
function baseline(
  schema: JsonSchema,
  defs: Defs,
  idOf: (name: string) => string,
  name = '',
): unknown {
  const field = resolve(schema, defs);
  if (Array.isArray(field.enum)) return field.enum[0];
  if ('const' in field) return field.const;
  switch (field.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.min(
        typeof field.maximum === 'number' ? field.maximum : 1,
        Math.max(typeof field.minimum === 'number' ? field.minimum : 1, 1),
      );
    case 'array':
      return Array.isArray(field.prefixItems)
        ? (field.prefixItems as JsonSchema[]).map((item) => baseline(item, defs, idOf, name))
        : [baseline(itemsOf(field), defs, idOf, name)];
    case 'object': {
      const properties = Object.entries((field.properties as Defs | undefined) ?? {});
      if (properties.length === 0 && typeof field.additionalProperties === 'object') {
        return { name: baseline(field.additionalProperties as JsonSchema, defs, idOf) };
      }
      const required = new Set(Array.isArray(field.required) ? field.required : []);
      return Object.fromEntries(
        properties
          .filter(([key]) => required.has(key))
          .map(([key, sub]) => [key, baseline(sub, defs, idOf, key)]),
      );
    }
    case 'string': {
      if (field.format === 'uuid') return idOf(name);
      if (field.format === 'date-time') return new Date().toISOString();
      const pattern = typeof field.pattern === 'string' ? new RegExp(field.pattern) : null;
      return PLAUSIBLE_TEXT.find((text) => !pattern || pattern.test(text)) ?? 'hello';
    }
    default:
      return 'hello';
  }
}

/**
 * Every value of a slot with exactly one leaf at or below it hostile, the rest its baseline: each
 * core hostile value of the leaf's type, in every leaf (record keys included).
 */
function sweep(
  schema: JsonSchema,
  defs: Defs,
  idOf: (name: string) => string,
  name = '',
): unknown[] {
  const field = resolve(schema, defs);
  if (Array.isArray(field.enum) || 'const' in field) return ['a\0b'];
  switch (field.type) {
    case 'boolean':
      return [null];
    case 'integer':
    case 'number':
      return SWEEP_NUMBERS;
    case 'string':
      return field.format === 'uuid'
        ? [...SWEEP_TEXT, idOf(name).toUpperCase(), NO_SUCH_ID]
        : SWEEP_TEXT;
    case 'array': {
      const item = baseline(itemsOf(field), defs, idOf, name);
      const spoilt = sweep(itemsOf(field), defs, idOf, name);
      return [
        [item, item],
        Array.from({ length: 100_000 }, () => 0),
        ...spoilt.map((bad) => [bad]),
      ];
    }
    case 'object': {
      const base = baseline(field, defs, idOf, name) as Record<string, unknown>;
      const properties = Object.entries((field.properties as Defs | undefined) ?? {});
      if (properties.length === 0 && typeof field.additionalProperties === 'object') {
        const value = base.name;
        const spoilt = sweep(field.additionalProperties as JsonSchema, defs, idOf);
        return [{ 'a\0b': value }, { [HIGH]: value }, ...spoilt.map((bad) => ({ name: bad }))];
      }
      return [
        null,
        ...properties.flatMap(([key, sub]) =>
          sweep(sub, defs, idOf, key).map((bad) => ({ ...base, [key]: bad })),
        ),
      ];
    }
    default:
      return ['a\0b', { 'k\0': 1 }, [`ok${HIGH}`]];
  }
}

/** The sweep of a route: each param, query field and body leaf in turn, then whole bodies. */
const asQuery = (object: Record<string, unknown>): [string, string][] =>
  Object.entries(object).map(([key, value]) => [key, asUrlText(value)]);

const paramOf = (idOf: (name: string) => string, name: string) =>
  name === 'name' ? 'Password Reset' : idOf(name);

/** A route's plausible attempt: scene ids in its params, every input at its baseline. */
function plausibleOf(route: AnyRouteSpec, scene: Scene): Attempt {
  const idOf = (name: string) => idFor(scene, route, name);
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = Object.fromEntries(pathNames.map((name) => [name, paramOf(idOf, name)]));
  const querySchema = jsonSchemaOf(route.query);
  const bodySchema = jsonSchemaOf(route.body);
  const query = querySchema
    ? (baseline(querySchema.root, querySchema.defs, idOf) as Record<string, unknown>)
    : {};
  const body = bodySchema
    ? JSON.stringify(baseline(bodySchema.root, bodySchema.defs, idOf))
    : undefined;
  return { params, query: asQuery(query), body };
}

function sweepOf(route: AnyRouteSpec, scene: Scene): Attempt[] {
  const idOf = (name: string) => idFor(scene, route, name);
  const pathNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const querySchema = jsonSchemaOf(route.query);
  const bodySchema = jsonSchemaOf(route.body);
  const base = plausibleOf(route, scene);
  const { params } = base;

  const attempts: Attempt[] = [];
  for (const name of pathNames) {
    for (const bad of [...SWEEP_TEXT, paramOf(idOf, name).toUpperCase(), NO_SUCH_ID]) {
      attempts.push({ ...base, params: { ...params, [name]: asUrlText(bad) } });
    }
  }
  if (querySchema) {
    for (const bad of sweep(querySchema.root, querySchema.defs, idOf)) {
      if (bad !== null) attempts.push({ ...base, query: asQuery(bad as Record<string, unknown>) });
    }
  }
  if (bodySchema) {
    for (const bad of sweep(bodySchema.root, bodySchema.defs, idOf)) {
      attempts.push({ ...base, body: JSON.stringify(bad) });
    }
  }
  for (const whole of [deepText('[', 1_000), deepText('{"a":', 1_000), '{"a":"\\u0000"}']) {
    attempts.push({ ...base, body: whole });
  }
  if (route.streamedBody?.contentType === 'multipart/form-data') {
    attempts.push(...formsOf(route, base));
  } else if (route.streamedBody) {
    attempts.push({ ...base, body: undefined, bytes: NOISE });
  }
  return attempts;
}

/**
 * Multipart bodies for the upload routes: hostile file names and field values, a file under a
 * field the route does not read, a field repeated, an empty file and one whose bytes are no type.
 */
function formsOf(route: AnyRouteSpec, base: Attempt): Attempt[] {
  const fields = Object.entries(route.streamedBody?.fields ?? {});
  const fileField = fields.find(([, field]) => field.binary)?.[0] ?? 'file';
  const plain = fields.filter(([, field]) => !field.binary).map(([name]) => name);
  const file = (filename: string, content: Buffer = PNG_BYTES) => ({
    field: fileField,
    filename,
    content,
  });
  const form = (over: Partial<Form>): Attempt => ({
    ...base,
    body: undefined,
    form: { fields: [], files: [file('ok.png')], ...over },
  });
  return [
    ...SWEEP_TEXT.map((name) => form({ files: [file(name)] })),
    ...plain.flatMap((name) => SWEEP_TEXT.map((value) => form({ fields: [[name, value]] }))),
    ...plain.map((name) =>
      form({
        fields: [
          [name, 'true'],
          [name, 'false'],
        ],
      }),
    ),
    form({ files: [{ ...file('elsewhere.png'), field: 'not-a-field' }] }),
    form({ files: [file('empty.png', Buffer.alloc(0))] }),
    form({ files: [file('noise.png', Buffer.alloc(4096, 7))] }),
    form({ files: [file('noise.png', NOISE)] }),
    form({ files: [] }),
  ];
}

// ---------------------------------------------------------------- what "nothing written" means

/** Operational counters that every attempt spends, refused or not: the abuse limits' store. */
const COUNTS_ATTEMPTS = new Set(['rate_limits']);

/** Counted only: every request moves a session's last activity, or an API token's last use. */
const COUNT_ONLY = new Set(['sessions', 'api_token_uses']);

/** Telemetry counts only the rows clients send: the server flushes its own in the background. */
const ROWS_WATCHED: Record<string, (row: 'new' | 'old') => string> = {
  monitoring_events: (row) => `${row}.source = 'client'`,
  performance_metrics: (row) => `${row}.tags->>'source' = 'client'`,
};

/**
 * A log of every write to every table, kept by triggers the test adds: an insert, a delete, or
 * an update that changes the row (sessions and token uses: inserts and deletes only), each one a
 * row of `sweep.writes` in the writer's own transaction, so a write rolled back leaves none.
 * Reading its last id before and after a request costs one index lookup; hashing every table,
 * as this once did, cost 16 ms a request and three quarters of the sweep's time.
 */
async function writeLog(db: Db) {
  // A partitioned table's triggers are cloned onto its partitions, so the partitions get none of
  // their own, and a write to one is logged under its table's name.
  const { rows } = await sql<{ table_name: string }>`
    select c.relname as table_name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  await sql`create schema sweep`.execute(db);
  await sql`create table sweep.writes (
      id bigint generated always as identity primary key, table_name text not null)`.execute(db);
  await sql`create function sweep.log_write() returns trigger language plpgsql as $$
      begin
        insert into sweep.writes (table_name)
        values (coalesce((select p.relname from pg_inherits i join pg_class p on p.oid = i.inhparent
                          where i.inhrelid = tg_relid), tg_table_name));
        return null;
      end $$`.execute(db);
  for (const { table_name: table } of rows) {
    if (COUNTS_ATTEMPTS.has(table)) continue;
    const watched = ROWS_WATCHED[table] ?? (() => 'true');
    const on = (name: string, when: string, condition: string) =>
      sql
        .raw(
          `create trigger sweep_${name} after ${when} on public.${table} for each row ` +
            `when (${condition}) execute function sweep.log_write()`,
        )
        .execute(db);
    await on('insert', 'insert', watched('new'));
    await on('delete', 'delete', watched('old'));
    if (!COUNT_ONLY.has(table)) {
      const changed = `old::text is distinct from new::text and (${watched('old')} or ${watched('new')})`;
      await on('update', 'update', changed);
    }
    await sql
      .raw(
        `create trigger sweep_truncate after truncate on public.${table} ` +
          'for each statement execute function sweep.log_write()',
      )
      .execute(db);
  }
  return {
    /** Where the log ends now. */
    async last(): Promise<string> {
      const { rows: end } = await sql<{ last: string }>`
        select coalesce(max(id), 0)::text as last from sweep.writes`.execute(db);
      return end[0]!.last;
    },
    /** The tables written since `last` answered `since`. */
    async writtenSince(since: string): Promise<string[]> {
      const { rows: written } = await sql<{ table_name: string }>`
        select distinct table_name from sweep.writes where id > ${since}::bigint
        order by table_name`.execute(db);
      return written.map((row) => row.table_name);
    },
  };
}

/** Refusals that record the attempt by design: a failed sign-in counts towards the lock. */
const recordsRefusal = (route: AnyRouteSpec, status: number) =>
  route.path === '/auth/sign-in' && status !== 400;

// ---------------------------------------------------------------- the test

export function sweepEveryEndpoint(shard: Shard): void {
  const stack = useServerWithDatabase({
    // Nothing may write behind the test's back between its snapshots: the alert rules, the
    // backup schedule, the batched post and profile views and the batched ad counts stay still
    // (the email worker is off in every test server).
    env: {
      ALERT_EVALUATION_MS: '3600000',
      BACKUP_WORKER: 'false',
      POST_VIEWS_FLUSH_MS: '3600000',
      ADS_METRICS_FLUSH_MS: '3600000',
      EVENT_REMINDER_CHECK_MS: '3600000',
    },
  });

  describe(`every endpoint, hostile input (shard ${shard.index + 1} of ${shard.of})`, () => {
    let scene: Scene;

    beforeAll(async () => {
      const { owner, member } = await signUpOwnerAndMember(stack.server);
      const [friend, buddy, stranger, loner] = await signUpMembers(stack.server, 4);
      await befriend(stack.server, member, friend);
      await befriend(stack.server, member, buddy);
      const conversation = await startConversation(stack.server, member, friend);
      const sent = await as(stack.server, friend)
        .post(`/conversations/${conversation.id}/messages`, { content: 'hello' })
        .expect(201);
      const request = await sendFriendRequest(stack.server, stranger, member, 'hi');
      const post = await as(stack.server, friend)
        .post('/posts', { title: 'A post', content: 'Some words', status: 'published' })
        .expect(201);
      PNG_BYTES = await png();
      const file = await uploaded(stack.server, member, { buffer: PNG_BYTES, filename: 'a.png' });
      const notifications = await as(stack.server, member).get('/notifications').expect(200);
      const communityForm = new FormData();
      communityForm.append('name', 'A community');
      communityForm.append('category', 'other');
      communityForm.append('privacy', 'public');
      const community = await fetch(`${stack.server.url}/api/communities`, {
        method: 'POST',
        headers: { cookie: friend.cookie },
        body: communityForm,
      });
      expect(community.status).toBe(201);
      const communityId = ((await community.json()) as { id: string }).id;
      const discussion = await as(stack.server, friend)
        .post(`/communities/${communityId}/discussions`, { title: 'A topic', content: 'Words' })
        .expect(201);
      const communityPost = await as(stack.server, friend)
        .post(`/communities/${communityId}/posts`, { content: 'Hello all' })
        .expect(201);
      const event = await as(stack.server, friend)
        .post('/events', {
          title: 'A meetup',
          date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
          time: '18:00',
          timeZone: 'UTC',
          location: 'The park',
          type: 'in-person',
          maxAttendees: 10,
        })
        .expect(201);
      const organizationForm = new FormData();
      organizationForm.append('name', 'An organization');
      const organization = await fetch(`${stack.server.url}/api/organizations`, {
        method: 'POST',
        headers: { cookie: friend.cookie },
        body: organizationForm,
      });
      expect(organization.status).toBe(201);
      const named = {
        friendId: friend.id,
        buddyId: buddy.id,
        strangerId: stranger.id,
        lonerId: loner.id,
        conversationId: conversation.id,
        messageId: sent.body.message.id as string,
        postId: post.body.id as string,
        requestId: request.id,
        notificationId: notifications.body.notifications[0].id as string,
        fileKey: file.key,
        fileId: file.file.id,
        communityId,
        discussionId: discussion.body.id as string,
        communityPostId: communityPost.body.id as string,
        eventId: event.body.id as string,
        organizationId: ((await organization.json()) as { id: string }).id,
      };
      const token = async (who: TestMember, scopes: string[]) => {
        const res = await as(stack.server, who)
          .post('/me/api-tokens', { name: 'Sweep', scopes, expiresInDays: 30 })
          .expect(201);
        return res.body.secret as string;
      };
      const tokens = {
        member: await token(member, ['read', 'write', 'messages']),
        reader: await token(member, ['read']),
        owner: await token(owner, ['read', 'write', 'messages', 'admin']),
      };
      // Each token's first use adds its row of last use; later uses only move it (counted only).
      for (const secret of Object.values(tokens)) {
        const used = await fetch(`${stack.server.url}/api/auth/session`, {
          headers: { authorization: `Bearer ${secret}` },
        });
        expect(used.status).toBe(200);
      }
      scene = { owner, member, ...named, tokens, ids: Object.values(named) };
    });

    it('never answers 5xx nor anything the document does not describe, and writes nothing when it refuses', async () => {
      // The scene's own requests, so that none is blamed on the first route probed.
      expect(takeResponseProblems()).toEqual([]);
      // Seeds follow a route's place among all routes, whichever shard drives it.
      const routes = stack.server.application.routes
        .map((route, index) => ({ route, index }))
        .filter(({ route }) => !SKIPPED.has(`${route.method.toUpperCase()} ${route.path}`))
        .filter((_, position) => position % shard.of === shard.index);
      expect(routes.length).toBeGreaterThan(50 / shard.of);
      const writes = await writeLog(stack.database.db);
      const callerOf = (route: AnyRouteSpec): Caller =>
        route.auth === 'owner' ? scene.owner : route.auth === 'member' ? scene.member : 'anonymous';
      const startedAt = Date.now();
      const deadline = startedAt + BUDGET_MS;
      // After a refusal the tables are as they were: where the log ended is the next "before".
      let unchanged: string | null = null;
      const failures = new Map<string, string>();
      const tally = { requests: 0, byStatus: new Map<number, number>() };
      const slow: string[] = [];

      // fast-check's time limit abandons a property mid-probe; the probe goes on (its request may
      // not even be sent yet), and its write must not land inside the next route's before/after.
      let inFlight: Promise<unknown> = Promise.resolve();

      /** One request: no 5xx, and nothing written when refused. */
      const probeOnce = async (
        route: AnyRouteSpec,
        attempt: Attempt,
        caller: Caller = callerOf(route),
      ) => {
        const name = `${route.method.toUpperCase()} ${route.path}`;
        const before = unchanged ?? (await writes.last());
        unchanged = null;
        const sentAt = Date.now();
        const res = await send(stack.server.url, route, attempt, caller);
        const took = Date.now() - sentAt;
        if (took > SLOW_MS) slow.push(`${took} ms: ${res.status} ${name} ${brief(attempt)}`);
        tally.requests += 1;
        tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          throw new Error(`${name} answered ${res.status} to ${brief(attempt)}`);
        const type = String(res.headers['content-type']);
        if (res.status >= 400 && !type.startsWith('application/json')) {
          throw new Error(`${name} refused in ${type}, not JSON: ${brief(attempt)}`);
        }
        // Checked by the test server as it answered (`checkResponsesOf`): each refusal, and each
        // success, must be one the API document describes.
        const undescribed = takeResponseProblems();
        if (undescribed.length > 0) {
          throw new Error(`${undescribed.join('; ')} to ${brief(attempt)}`);
        }
        if (res.status >= 400 && !recordsRefusal(route, res.status)) {
          const after = await writes.last();
          const changed = after === before ? [] : await writes.writtenSince(before);
          if (changed.length > 0) {
            throw new Error(
              `${name} answered ${res.status} and wrote ${changed}: ${brief(attempt)}`,
            );
          }
          unchanged = after;
        }
      };
      const probe = (route: AnyRouteSpec, attempt: Attempt, caller?: Caller) => {
        const running = probeOnce(route, attempt, caller);
        inFlight = running.catch(() => undefined);
        return running;
      };

      const check = async (
        route: AnyRouteSpec,
        index: number,
        options: { examples?: Attempt[]; numRuns: number; interruptAfterTimeLimit?: number },
      ) => {
        let problem: string | null = null;
        const details = await fc.check(
          fc.asyncProperty(attemptsFor(route, scene.ids), (attempt) =>
            probe(route, attempt).catch((error: Error) => {
              problem = error.message;
              throw error;
            }),
          ),
          {
            ...options,
            examples: options.examples?.map((attempt): [Attempt] => [attempt]),
            seed: SEED + index,
            endOnFailure: true,
          },
        );
        // A probe abandoned at the time limit may still find its fault after fast-check is done.
        await inFlight;
        // A route whose share of the time ran out before its first attempt has not failed:
        // fast-check counts that as a failure, but there is no counterexample.
        const outOfTime = details.interrupted && details.counterexample === null;
        if (problem !== null || (details.failed && !outOfTime)) {
          // fast-check's own report repeats the counterexample whole (bodies of 100k characters):
          // what failed, and the seed and path that replay it.
          const name = `${route.method.toUpperCase()} ${route.path}`;
          const error = problem ?? String(details.errorInstance).slice(0, 300);
          const replay = `{ seed: ${details.seed}, path: "${details.counterexamplePath}" }`;
          if (!failures.has(name)) failures.set(name, `${error} ${replay}`);
        }
        unchanged = null;
      };

      /**
       * A route's requests with a token in place of the cookie: its plausible attempt with the
       * `read`-only token (a scope refusal for any change), and with a token of every scope the
       * caller may hold, the plausible attempt of a read and the first hostile one of a change
       * (a change that went through would alter the scene the other routes are swept in).
       */
      const bearerAttempts = (route: AnyRouteSpec, examples: Attempt[]): [Caller, Attempt][] => {
        const plausible = plausibleOf(route, scene);
        const all = route.auth === 'owner' ? scene.tokens.owner : scene.tokens.member;
        const read = route.method === 'get';
        return [
          [{ bearer: scene.tokens.reader }, plausible],
          [{ bearer: all }, read ? plausible : (examples[0] ?? plausible)],
        ];
      };

      // 1. Every input of every route, with each core hostile value of its type, the rest valid;
      // then as an API token, which must hold to the same rules.
      for (const { route, index } of routes) {
        const examples = sweepOf(route, scene);
        await check(route, index, { examples, numRuns: examples.length });
        for (const [caller, attempt] of bearerAttempts(route, examples)) {
          const name = `${route.method.toUpperCase()} ${route.path} (bearer)`;
          await probe(route, attempt, caller).catch((error: Error) => {
            if (!failures.has(name)) failures.set(name, error.message);
          });
          unchanged = null;
        }
      }
      const swept = tally.requests;
      const sweptMs = Date.now() - startedAt;
      // 2. Generated attempts for the rest of the budget, shared by how many inputs a route reads.
      let weightLeft = routes.reduce((sum, { route }) => sum + inputCount(route), 0);
      for (const { route, index } of routes) {
        const weight = inputCount(route);
        const share = ((deadline - Date.now()) * weight) / weightLeft;
        weightLeft -= weight;
        await check(route, index, {
          numRuns: RUNS_PER_ROUTE,
          interruptAfterTimeLimit: Math.max(200, share),
        });
      }
      const statuses = [...tally.byStatus].sort(([a], [b]) => a - b);
      // What the run covered, when it needs explaining: `DEBUG_EVERY_ENDPOINT=1`.
      if (process.env.DEBUG_EVERY_ENDPOINT) {
        const took = `${routes.length} routes swept in ${sweptMs} ms, all in ${Date.now() - startedAt} ms`;
        const counts = `${took}: ${swept} swept, ${tally.requests - swept} generated`;
        process.stdout.write(`${counts}, by status ${JSON.stringify(statuses)}\n`);
        process.stdout.write(
          `Answered after more than ${SLOW_MS} ms: ${slow.join('\n') || 'none'}\n`,
        );
      }
      expect([...failures.values()]).toEqual([]);
      // Its own part, the sweep, is not budgeted: on a busy machine (three shards side by side
      // with other jobs on two cores) it alone took 100 s, and a limit of 150 s failed shards
      // that were only slow. The limit is there to catch a hang.
    }, 600_000);
  });
}
