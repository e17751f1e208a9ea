import type { Updateable } from 'kysely';
import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { UsersTable } from '../../db/tables/users';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberAccount } from './users-erasure';

interface TokenIssued {
  userId: string;
  tokenId: string;
  tokenHash: string;
  expiresAt: string;
}

/** Reset and verification tokens have the same shape and life: hash stored, single use. */
function recordToken(
  table: 'password_reset_tokens' | 'email_verification_tokens',
  token: TokenIssued,
  at: Date,
): Statement {
  return statement(
    qb.insertInto(table).values({
      id: token.tokenId,
      user_id: token.userId,
      token_hash: token.tokenHash,
      expires_at: new Date(token.expiresAt),
      used_at: null,
      created_at: at,
    }),
  );
}

function updateUser(userId: string, changes: Updateable<UsersTable>): Statement {
  return statement(qb.updateTable('users').set(changes).where('id', '=', userId));
}

function useToken(table: 'email_verification_tokens', tokenId: string, at: Date): Statement {
  return statement(qb.updateTable(table).set({ used_at: at }).where('id', '=', tokenId));
}

/**
 * Ends every reset link of the member still open: `used_at` says since when a link no longer
 * works, whether it was used or voided. Issuing a link, using one and changing the password all
 * do it, so at most the newest link ever works, and none once the password has changed. It is a
 * projection of those events, so a rebuild voids the same links at the same times.
 */
function voidResetLinks(userId: string, at: Date): Statement {
  return statement(
    qb
      .updateTable('password_reset_tokens')
      .set({ used_at: at })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
  );
}

export const accountEventTypes = [
  'UserRegistered',
  'PasswordResetRequested',
  'PasswordChanged',
  'EmailVerificationRequested',
  'EmailVerified',
  'UserDisabled',
  'UserEnabled',
  'UserRoleChanged',
  'ModeratorAppointed',
  'ModeratorDismissed',
] as const satisfies readonly EventType[];

/**
 * Accounts read model: `users`, `password_reset_tokens` and `email_verification_tokens`, from the
 * `user-<id>` streams.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users', 'password_reset_tokens', 'email_verification_tokens'],
  handles: [...accountEventTypes, 'AccountDeleted'],
  project(event) {
    const at = event.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
        return [
          statement(
            qb.insertInto('users').values({
              id: event.data.userId,
              username: event.data.username,
              email: event.data.email,
              password_hash: event.data.passwordHash,
              role: event.data.role,
              status: 'active',
              display_name: event.data.username,
              avatar: null,
              email_verified: false,
              created_at: at,
              updated_at: at,
            }),
          ),
        ];
      case 'PasswordResetRequested':
        return [
          voidResetLinks(event.data.userId, at),
          recordToken('password_reset_tokens', event.data, at),
        ];
      case 'EmailVerificationRequested':
        return [recordToken('email_verification_tokens', event.data, at)];
      case 'EmailVerified':
        return [
          updateUser(event.data.userId, { email_verified: true, updated_at: at }),
          useToken('email_verification_tokens', event.data.tokenId, at),
        ];
      case 'PasswordChanged':
        // The link used, if any, is one of those voided.
        return [
          updateUser(event.data.userId, { password_hash: event.data.passwordHash, updated_at: at }),
          voidResetLinks(event.data.userId, at),
        ];
      case 'UserRoleChanged':
        return [updateUser(event.data.userId, { role: event.data.role, updated_at: at })];
      case 'ModeratorAppointed':
        return [updateUser(event.data.userId, { role: 'moderator', updated_at: at })];
      case 'ModeratorDismissed':
        return [updateUser(event.data.userId, { role: 'member', updated_at: at })];
      case 'UserDisabled':
      case 'UserEnabled':
        return [
          updateUser(event.data.userId, {
            status: event.type === 'UserDisabled' ? 'disabled' : 'active',
            updated_at: at,
          }),
        ];
      case 'AccountDeleted':
        return eraseMemberAccount(event.data.userId);
      default:
        return [];
    }
  },
};
