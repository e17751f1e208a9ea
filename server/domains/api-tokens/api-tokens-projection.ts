import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/**
 * `api_tokens` from the tokens' events. A changed password revokes every token of the member
 * still working, at the event's time: whoever knew the old password may have made one, as they
 * may have held a session. Being a projection of `PasswordChanged` (a change and a reset alike),
 * a rebuild revokes the same tokens at the same times. A deleted member's tokens go, with their
 * last uses (operational rows the rebuild leaves alone otherwise).
 */
export const apiTokensProjection: Projection = {
  name: 'api-tokens',
  tables: ['api_tokens'],
  handles: ['ApiTokenCreated', 'ApiTokenRevoked', 'PasswordChanged', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'ApiTokenCreated': {
        const { userId, tokenId, name, scopes, tokenHash, hint, expiresAt } = event.data;
        return [
          statement(
            qb.insertInto('api_tokens').values({
              id: tokenId,
              user_id: userId,
              name,
              scopes,
              token_hash: tokenHash,
              hint,
              created_at: event.occurredAt,
              expires_at: expiresAt === null ? null : new Date(expiresAt),
            }),
          ),
        ];
      }
      case 'ApiTokenRevoked':
        return [
          statement(
            qb
              .updateTable('api_tokens')
              .set({ revoked_at: event.occurredAt, revoked_reason: 'revoked' })
              .where('id', '=', event.data.tokenId)
              .where('revoked_at', 'is', null),
          ),
        ];
      case 'PasswordChanged':
        return [
          statement(
            qb
              .updateTable('api_tokens')
              .set({ revoked_at: event.occurredAt, revoked_reason: 'password-changed' })
              .where('user_id', '=', event.data.userId)
              .where('revoked_at', 'is', null),
          ),
        ];
      case 'AccountDeleted':
        return [
          statement(
            qb
              .deleteFrom('api_token_uses')
              .where('token_id', 'in', (eb) =>
                eb.selectFrom('api_tokens').select('id').where('user_id', '=', event.data.userId),
              ),
          ),
          statement(qb.deleteFrom('api_tokens').where('user_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
