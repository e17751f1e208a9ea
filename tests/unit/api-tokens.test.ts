import type { ActiveSession } from '../../server/core/session';
import { createApiToken, revokeApiToken } from '../../server/domains/api-tokens/commands';
import { newTokenSecret } from '../../server/domains/api-tokens/token-secret';
import { bearerSecretOfHeader } from '../../server/http/caller';
import { requiredScope, scopeOfMethod } from '../../server/http/route-spec';
import { mayUse, type SocketFeature } from '../../server/realtime/socket-feature';
import { apiTokenMessages as m, createApiTokenSchema } from '../../shared/api-tokens';
import { expiryOptions } from '../../web/features/api-tokens/CreateApiTokenForm';
import { ANA, decide, refusal, refusedAs } from './support/decide';

describe('the scope a route needs from an API token', () => {
  it('is read for GET and HEAD, write for other methods, admin for owner routes', () => {
    expect(requiredScope({ method: 'get', auth: 'member' })).toBe('read');
    expect(requiredScope({ method: 'get', auth: 'public' })).toBe('read');
    expect(requiredScope({ method: 'post', auth: 'member' })).toBe('write');
    expect(requiredScope({ method: 'delete', auth: 'public' })).toBe('write');
    expect(requiredScope({ method: 'get', auth: 'owner' })).toBe('admin');
    expect(requiredScope({ method: 'post', auth: 'owner' })).toBe('admin');
    // A moderator's role is checked as for a session; the token needs what the method needs.
    expect(requiredScope({ method: 'post', auth: 'moderator' })).toBe('write');
    expect(scopeOfMethod('HEAD')).toBe('read');
    expect(scopeOfMethod('PUT')).toBe('write');
  });

  it('is the route’s own where it names one: messages, or session for account routes', () => {
    expect(requiredScope({ method: 'get', auth: 'member', scope: 'messages' })).toBe('messages');
    expect(requiredScope({ method: 'post', auth: 'member', scope: 'session' })).toBe('session');
    expect(requiredScope({ method: 'get', auth: 'owner', scope: 'session' })).toBe('session');
  });
});

describe('the bearer credential of a request', () => {
  it('is the token of an Authorization: Bearer header, whatever the scheme’s case', () => {
    expect(bearerSecretOfHeader('Bearer agora_pat_abc')).toBe('agora_pat_abc');
    expect(bearerSecretOfHeader('bearer   agora_pat_abc  ')).toBe('agora_pat_abc');
    // The scheme without a token is a bearer request that fails, not an anonymous one.
    expect(bearerSecretOfHeader('Bearer')).toBe('');
    expect(bearerSecretOfHeader('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerSecretOfHeader(undefined)).toBeUndefined();
  });
});

describe('socket features for a token', () => {
  const session = (credential: ActiveSession['credential']) => ({ credential }) as ActiveSession;
  const feature = (tokenScope?: SocketFeature['tokenScope']): SocketFeature => ({
    name: 'f',
    ...(tokenScope ? { tokenScope } : {}),
    attach: () => undefined,
  });

  it('are those whose scope the token has; a feature without one is for browsers only', () => {
    const reader = session({ kind: 'token', scopes: ['read'] });
    expect(mayUse(reader, feature('read'))).toBe(true);
    expect(mayUse(reader, feature('messages'))).toBe(false);
    expect(mayUse(reader, feature())).toBe(false);
    expect(mayUse(session({ kind: 'cookie' }), feature())).toBe(true);
  });
});

describe('creating a token', () => {
  const secret = newTokenSecret();
  const when = {
    userId: ANA,
    tokenId: '20000000-0000-4000-8000-000000000001',
    secret,
    name: 'Backup',
    scopes: ['read' as const],
    expiresInDays: 30,
    limits: { maxActive: 2, maxDays: 90 },
    now: new Date('2026-12-02T10:00:00Z'),
  };
  const given = { version: 3, member: { role: 'member' as const }, active: 1 };

  it('appends the hash and hint, never the secret, with the expiry it gives', async () => {
    const decided = await decide(createApiToken, given, when);
    expect(decided.appends).toEqual([
      { streamId: `api-tokens-${ANA}`, expectedVersion: 3, types: ['ApiTokenCreated'] },
    ]);
    expect(decided.events[0]!.data).toEqual({
      userId: ANA,
      tokenId: when.tokenId,
      name: 'Backup',
      scopes: ['read'],
      tokenHash: secret.hash,
      hint: secret.secret.slice(-4),
      expiresAt: '2027-01-01T10:00:00.000Z',
    });
    expect(JSON.stringify(decided)).not.toContain(secret.secret);
  });

  it('refuses admin to members, a life past the maximum, and a member at the limit', async () => {
    expect(await refusal(createApiToken, given, { ...when, scopes: ['admin'] })).toEqual(
      refusedAs.forbidden('admin-scope-owners-only', m.adminOwnersOnly),
    );
    const owner = { ...given, member: { role: 'owner' as const } };
    expect(
      (await decide(createApiToken, owner, { ...when, scopes: ['admin'] })).events,
    ).toHaveLength(1);
    expect(await refusal(createApiToken, given, { ...when, expiresInDays: 91 })).toMatchObject({
      code: 'expiry-too-long',
      fields: { expiresInDays: m.tooLong(90) },
    });
    expect(await refusal(createApiToken, given, { ...when, expiresInDays: null })).toMatchObject({
      code: 'expiry-required',
    });
    expect(await refusal(createApiToken, { ...given, active: 2 }, when)).toMatchObject({
      kind: 'conflict',
      code: 'token-limit-reached',
    });
  });

  it('lets a token never expire only where no maximum is configured', async () => {
    const unlimited = { ...when, expiresInDays: null, limits: { maxActive: 2, maxDays: 0 } };
    expect((await decide(createApiToken, given, unlimited)).events[0]!.data).toMatchObject({
      expiresAt: null,
    });
    expect(expiryOptions(0).map((option) => option.value)).toEqual([
      '7',
      '30',
      '90',
      '365',
      'never',
    ]);
    expect(expiryOptions(60).map((option) => option.value)).toEqual(['7', '30', '60']);
  });

  it('keeps each scope once, in the catalogue’s order', () => {
    const parsed = createApiTokenSchema.parse({
      name: ' x ',
      scopes: ['messages', 'read', 'messages'],
      expiresInDays: 7,
    });
    expect(parsed).toEqual({ name: 'x', scopes: ['read', 'messages'], expiresInDays: 7 });
  });
});

describe('revoking a token', () => {
  const when = { userId: ANA, tokenId: '20000000-0000-4000-8000-000000000001' };

  it('appends once, and changes nothing for a token already revoked', async () => {
    const decided = await decide(revokeApiToken, { version: 2, token: { revoked_at: null } }, when);
    expect(decided.appends[0]!.types).toEqual(['ApiTokenRevoked']);
    const again = await decide(
      revokeApiToken,
      { version: 3, token: { revoked_at: new Date() } },
      when,
    );
    expect(again.appends).toEqual([]);
    expect(await refusal(revokeApiToken, { version: 0, token: undefined }, when)).toMatchObject({
      kind: 'not-found',
    });
  });
});
