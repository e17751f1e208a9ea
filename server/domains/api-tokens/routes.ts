import { randomUUID } from 'node:crypto';
import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../../../shared/api-tokens';
import { contextOf } from '../../core/context';
import type { ModuleDeps } from '../../core/module';
import { defineRoute } from '../../http/route-spec';
import { memberIdOf } from '../../http/signed-in';
import { readApiTokens } from './api-tokens-read';
import { createApiToken, revokeApiToken, type ApiTokenLimits } from './commands';
import { newTokenSecret } from './token-secret';

/**
 * A member's personal access tokens, managed from a signed-in browser only (`scope: 'session'`):
 * a token that could make tokens would outlive its own revocation, and one that could list them
 * would learn what else the member runs.
 */
export function apiTokensRoutes({ db, commands, config }: ModuleDeps) {
  const limits: ApiTokenLimits = {
    maxActive: config.API_TOKENS_PER_MEMBER,
    maxDays: config.API_TOKEN_MAX_DAYS,
  };
  return [
    defineRoute({
      method: 'get',
      path: '/me/api-tokens',
      summary: "The member's API tokens with their last use, and the limits a new one is held to",
      description:
        'Working and expired tokens, and those revoked in the last 30 days; never a secret.',
      auth: 'member',
      scope: 'session',
      responses: { 200: apiTokenListSchema },
      async handler(_input, req, res) {
        const tokens = await readApiTokens(db, memberIdOf(req), new Date());
        res.json({ tokens, limits });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/me/api-tokens',
      summary: 'Makes a personal access token; its secret is in this answer and nowhere else',
      description:
        'Send it as `Authorization: Bearer <secret>`. Scopes: `read` (GET requests), `write` ' +
        '(other requests), `messages` (conversations), `admin` (owner routes; owners only). ' +
        'Only the SHA-256 of the secret is kept.',
      auth: 'member',
      scope: 'session',
      body: createApiTokenSchema,
      responses: { 201: createdApiTokenSchema },
      errors: [403, 409],
      async handler({ body }, req, res) {
        const secret = newTokenSecret();
        const token = await commands.run(
          createApiToken,
          {
            userId: memberIdOf(req),
            tokenId: randomUUID(),
            secret,
            ...body,
            limits,
            now: new Date(),
          },
          contextOf(req),
        );
        // The secret must not linger in a cache between here and the member's screen.
        res.set('cache-control', 'no-store');
        res.status(201).json({ token, secret: secret.secret });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/me/api-tokens/:id',
      summary: 'Revokes one of the member’s API tokens: it stops working at once',
      auth: 'member',
      scope: 'session',
      params: apiTokenIdParamsSchema,
      responses: { 204: null },
      errors: [404],
      async handler({ params }, req, res) {
        await commands.run(
          revokeApiToken,
          { userId: memberIdOf(req), tokenId: params.id },
          contextOf(req),
        );
        res.status(204).end();
      },
    }),
  ];
}
