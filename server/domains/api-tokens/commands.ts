import { sql } from 'kysely';
import {
  apiTokenMessages as m,
  type ApiToken,
  type ApiTokenScope,
} from '../../../shared/api-tokens';
import type { Role } from '../../../shared/auth/schemas';
import { appendTo, defineCommand } from '../../core/command';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import { first, streamVersion, value } from '../../core/reads';
import { qb } from '../../db/statement';
import { presentApiToken } from './api-token-presenter';
import { apiTokensStreamId } from './streams';
import type { TokenSecret } from './token-secret';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The configured limits a creation is held to. */
export interface ApiTokenLimits {
  /** Active tokens a member may hold at once. */
  maxActive: number;
  /** The longest life a token may be given, in days; 0 lets a token never expire. */
  maxDays: number;
}

export interface CreateApiTokenInput {
  userId: string;
  tokenId: string;
  /** Made by the route (random), so the decision stays pure; only its hash is appended. */
  secret: TokenSecret;
  name: string;
  scopes: ApiTokenScope[];
  expiresInDays: number | null;
  limits: ApiTokenLimits;
  now: Date;
}

/** When a token given `days` expires, or null; refused past the configured maximum. */
function expiryOf({ expiresInDays: days, limits, now }: CreateApiTokenInput): Date | null {
  if (days === null) {
    if (limits.maxDays > 0) {
      throw invalidField('expiresInDays', 'expiry-required', m.expiryRequired(limits.maxDays));
    }
    return null;
  }
  if (limits.maxDays > 0 && days > limits.maxDays) {
    throw invalidField('expiresInDays', 'expiry-too-long', m.tooLong(limits.maxDays));
  }
  return new Date(now.getTime() + days * DAY_MS);
}

/**
 * A member makes a personal access token. Its number is held to the limit against the member's
 * token stream: two creations at once meet the same version, and the second reads again and
 * counts the first. The answer carries the token as the list shows it; the route adds the secret.
 */
export const createApiToken = defineCommand({
  name: 'apiTokens.create',
  load: ({ userId, now }: CreateApiTokenInput) => ({
    version: streamVersion(apiTokensStreamId(userId)),
    member: first(qb.selectFrom('users').select('role').where('id', '=', userId)),
    active: value(sql<number>`(select count(*)::int from api_tokens
      where user_id = ${userId}::uuid and revoked_at is null
        and (expires_at is null or expires_at > ${now}))`),
  }),
  decide(
    state: { version: number; member: { role: Role } | undefined; active: number },
    input: CreateApiTokenInput,
  ) {
    const { userId, tokenId, secret, name, scopes, limits, now } = input;
    if (!state.member) throw notFound('User not found');
    if (scopes.includes('admin') && state.member.role !== 'owner') {
      throw forbidden('admin-scope-owners-only', m.adminOwnersOnly);
    }
    const expiresAt = expiryOf(input);
    if (state.active >= limits.maxActive) {
      throw conflict('token-limit-reached', m.limitReached(limits.maxActive));
    }
    const token: ApiToken = presentApiToken(
      {
        id: tokenId,
        name,
        scopes,
        hint: secret.hint,
        created_at: now,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
        last_used_at: null,
      },
      now,
    );
    return {
      appends: [
        appendTo(apiTokensStreamId(userId), state.version, [
          {
            type: 'ApiTokenCreated',
            data: {
              userId,
              tokenId,
              name,
              scopes,
              tokenHash: secret.hash,
              hint: secret.hint,
              expiresAt: expiresAt?.toISOString() ?? null,
            },
          },
        ]),
      ],
      result: token,
    };
  },
});

/**
 * A member revokes one of their tokens: it stops working at once, on every node (a socket opened
 * with it is closed when the relay sees the event). Revoking a revoked token changes nothing.
 */
export const revokeApiToken = defineCommand({
  name: 'apiTokens.revoke',
  load: ({ userId, tokenId }: { userId: string; tokenId: string }) => ({
    version: streamVersion(apiTokensStreamId(userId)),
    token: first(
      qb
        .selectFrom('api_tokens')
        .select('revoked_at')
        .where('id', '=', tokenId)
        .where('user_id', '=', userId),
    ),
  }),
  decide({ version, token }, { userId, tokenId }) {
    // Another member's token reads exactly like one that does not exist.
    if (!token) throw notFound(m.notFound);
    if (token.revoked_at) return {};
    return {
      appends: [
        appendTo(apiTokensStreamId(userId), version, [
          { type: 'ApiTokenRevoked', data: { userId, tokenId } },
        ]),
      ],
    };
  },
});
