import type { Updateable } from 'kysely';
import type { Trx } from '../../db/schema';
import type { UsersTable } from '../../db/tables/users';
import type { Projection } from '../../eventstore/projection';
import type { StoredEvent } from '../../eventstore/stored-event';

interface TokenIssued {
  userId: string;
  tokenId: string;
  tokenHash: string;
  expiresAt: string;
}

/** Reset and verification tokens have the same shape and life: hash stored, single use. */
async function recordToken(
  trx: Trx,
  table: 'password_reset_tokens' | 'email_verification_tokens',
  token: TokenIssued,
  at: Date,
): Promise<void> {
  await trx
    .insertInto(table)
    .values({
      id: token.tokenId,
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: new Date(token.expiresAt),
      used_at: null,
      created_at: at,
    })
    .execute();
}

/** Every event of a member's stream moves the row's `stream_version` with its own changes. */
async function updateUser(
  trx: Trx,
  event: StoredEvent,
  userId: string,
  changes: Updateable<UsersTable> = {},
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...changes, stream_version: event.streamVersion })
    .where('id', '=', userId)
    .execute();
}

/**
 * Accounts read model: `users`, `password_reset_tokens` and `email_verification_tokens`, from the
 * `user-<id>` streams.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users', 'password_reset_tokens', 'email_verification_tokens'],
  handles: [
    'UserRegistered',
    'PasswordResetRequested',
    'PasswordChanged',
    'EmailVerificationRequested',
    'EmailVerified',
    'UserDisabled',
    'UserEnabled',
    'UserRoleChanged',
    'ProfilePrivacyChanged',
  ],
  async apply(event, trx) {
    const at = event.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
        await trx
          .insertInto('users')
          .values({
            id: event.data.userId,
            username: event.data.username,
            email: event.data.email,
            password_hash: event.data.passwordHash,
            role: event.data.role,
            status: 'active',
            display_name: event.data.username,
            avatar: null,
            email_verified: false,
            stream_version: event.streamVersion,
            created_at: at,
            updated_at: at,
          })
          .execute();
        return;
      case 'PasswordResetRequested':
        await recordToken(trx, 'password_reset_tokens', event.data, at);
        await updateUser(trx, event, event.data.userId);
        return;
      case 'EmailVerificationRequested':
        await recordToken(trx, 'email_verification_tokens', event.data, at);
        await updateUser(trx, event, event.data.userId);
        return;
      case 'EmailVerified':
        await updateUser(trx, event, event.data.userId, { email_verified: true, updated_at: at });
        await trx
          .updateTable('email_verification_tokens')
          .set({ used_at: at })
          .where('id', '=', event.data.tokenId)
          .execute();
        return;
      case 'PasswordChanged':
        await updateUser(trx, event, event.data.userId, {
          password_hash: event.data.passwordHash,
          updated_at: at,
        });
        if (event.data.resetTokenId) {
          await trx
            .updateTable('password_reset_tokens')
            .set({ used_at: at })
            .where('id', '=', event.data.resetTokenId)
            .execute();
        }
        return;
      case 'UserRoleChanged':
        await updateUser(trx, event, event.data.userId, { role: event.data.role, updated_at: at });
        return;
      case 'UserDisabled':
      case 'UserEnabled':
        await updateUser(trx, event, event.data.userId, {
          status: event.type === 'UserDisabled' ? 'disabled' : 'active',
          updated_at: at,
        });
        return;
      case 'ProfilePrivacyChanged':
        await updateUser(trx, event, event.data.userId, {
          privacy: event.data.privacy,
          updated_at: at,
        });
        return;
      default:
        return;
    }
  },
};
