import type { Projection } from '../../eventstore/projection';

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
        await trx
          .insertInto('password_reset_tokens')
          .values({
            id: event.data.tokenId,
            user_id: event.data.userId,
            token_hash: event.data.tokenHash,
            expires_at: new Date(event.data.expiresAt),
            used_at: null,
            created_at: at,
          })
          .execute();
        await trx
          .updateTable('users')
          .set({ stream_version: event.streamVersion })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'EmailVerificationRequested':
        await trx
          .insertInto('email_verification_tokens')
          .values({
            id: event.data.tokenId,
            user_id: event.data.userId,
            token_hash: event.data.tokenHash,
            expires_at: new Date(event.data.expiresAt),
            used_at: null,
            created_at: at,
          })
          .execute();
        await trx
          .updateTable('users')
          .set({ stream_version: event.streamVersion })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'EmailVerified':
        await trx
          .updateTable('users')
          .set({ email_verified: true, stream_version: event.streamVersion, updated_at: at })
          .where('id', '=', event.data.userId)
          .execute();
        await trx
          .updateTable('email_verification_tokens')
          .set({ used_at: at })
          .where('id', '=', event.data.tokenId)
          .execute();
        return;
      case 'PasswordChanged':
        await trx
          .updateTable('users')
          .set({
            password_hash: event.data.passwordHash,
            stream_version: event.streamVersion,
            updated_at: at,
          })
          .where('id', '=', event.data.userId)
          .execute();
        if (event.data.resetTokenId) {
          await trx
            .updateTable('password_reset_tokens')
            .set({ used_at: at })
            .where('id', '=', event.data.resetTokenId)
            .execute();
        }
        return;
      case 'UserRoleChanged':
        await trx
          .updateTable('users')
          .set({ role: event.data.role, stream_version: event.streamVersion, updated_at: at })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'UserDisabled':
      case 'UserEnabled':
        await trx
          .updateTable('users')
          .set({
            status: event.type === 'UserDisabled' ? 'disabled' : 'active',
            stream_version: event.streamVersion,
            updated_at: at,
          })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      case 'ProfilePrivacyChanged':
        await trx
          .updateTable('users')
          .set({
            privacy: event.data.privacy,
            stream_version: event.streamVersion,
            updated_at: at,
          })
          .where('id', '=', event.data.userId)
          .execute();
        return;
      default:
        return;
    }
  },
};
