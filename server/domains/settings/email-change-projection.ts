import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

/** Every open change link of the member stops working from `at` on. */
function voidOpenLinks(userId: string, at: Date): Statement {
  return statement(
    qb
      .updateTable('email_change_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
  );
}

/**
 * `email_change_tokens`, and the account's address once a change is confirmed (the accounts
 * projection owns the `users` row; this one only sets the address and marks it verified).
 */
export const emailChangeProjection: Projection = {
  name: 'email-change',
  tables: ['email_change_tokens'],
  handles: ['EmailChangeRequested', 'EmailChanged', 'AccountDeleted'],
  project(event) {
    const at = event.occurredAt;
    switch (event.type) {
      case 'EmailChangeRequested':
        return [
          voidOpenLinks(event.data.userId, at),
          statement(
            qb.insertInto('email_change_tokens').values({
              id: event.data.tokenId,
              user_id: event.data.userId,
              new_email: event.data.newEmail,
              token_hash: event.data.tokenHash,
              expires_at: new Date(event.data.expiresAt),
              used_at: null,
              created_at: at,
            }),
          ),
        ];
      case 'EmailChanged':
        return [
          statement(
            qb
              .updateTable('users')
              .set({ email: event.data.email, email_verified: true, updated_at: at })
              .where('id', '=', event.data.userId),
          ),
          voidOpenLinks(event.data.userId, at),
        ];
      // The addresses a deleted member asked to move to leave with them.
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('email_change_tokens').where('user_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
