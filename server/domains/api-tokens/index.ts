import type { DomainModule } from '../../core/module';
import { apiTokensProjection } from './api-tokens-projection';
import { apiTokensPusher } from './api-tokens-pusher';
import { apiTokensRoutes } from './routes';
import { createTokenFinder } from './token-finder';

/**
 * Personal access tokens: a member makes them with scopes and an expiry, sees each secret once,
 * revokes them; `Authorization: Bearer` and a socket's `auth.token` act for the member with them.
 */
export const apiTokensModule: DomainModule = {
  name: 'api-tokens',
  projections: () => [apiTokensProjection],
  routes: apiTokensRoutes,
  pushers: () => [apiTokensPusher],
  tokens: ({ db, config }) => createTokenFinder(db, config),
};
