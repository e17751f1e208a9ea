import type { EventType } from '../../../shared/events';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

function passwordState(userId: string, at: Date, rotationRequired: boolean): Statement {
  return statement(
    qb
      .insertInto('password_state')
      .values({ user_id: userId, changed_at: at, rotation_required: rotationRequired })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ changed_at: at, rotation_required: rotationRequired }),
      ),
  );
}

const forgetRecoveryCodes = (userId: string) =>
  statement(qb.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId));

export const securityEventTypes = [
  'UserRegistered',
  'PasswordChanged',
  'PasswordRotationRequired',
  'TwoFactorSetupStarted',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'TwoFactorRecoveryCodeUsed',
  'AccountDeleted',
] as const satisfies readonly EventType[];

/**
 * Password age and rotation (`password_state`) and two-factor sign-in (`two_factor`, its
 * recovery codes), from the `user-<id>` streams. Secrets stay sealed as the events carry them.
 */
export const securityProjection: Projection = {
  name: 'security',
  tables: ['password_state', 'two_factor', 'two_factor_recovery_codes'],
  handles: securityEventTypes,
  project(event) {
    const at = event.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
      case 'PasswordChanged':
        return [passwordState(event.data.userId, at, false)];
      case 'PasswordRotationRequired':
        return [
          statement(
            qb
              .updateTable('password_state')
              .set({ rotation_required: true })
              .where('user_id', '=', event.data.userId),
          ),
        ];
      case 'TwoFactorSetupStarted':
        return [
          statement(
            qb
              .insertInto('two_factor')
              .values({
                user_id: event.data.userId,
                pending_secret: event.data.sealedSecret,
                secret: null,
                enabled_at: null,
                updated_at: at,
              })
              .onConflict((oc) =>
                oc
                  .column('user_id')
                  .doUpdateSet({ pending_secret: event.data.sealedSecret, updated_at: at }),
              ),
          ),
        ];
      case 'TwoFactorEnabled': {
        const userId = event.data.userId;
        return [
          statement(
            qb
              .updateTable('two_factor')
              .set((eb) => ({
                secret: eb.ref('pending_secret'),
                pending_secret: null,
                enabled_at: at,
                updated_at: at,
              }))
              .where('user_id', '=', userId),
          ),
          forgetRecoveryCodes(userId),
          statement(
            qb.insertInto('two_factor_recovery_codes').values(
              event.data.recoveryCodeHashes.map((codeHash) => ({
                user_id: userId,
                code_hash: codeHash,
                used_at: null,
              })),
            ),
          ),
        ];
      }
      // A deleted member's password age, rotation flag, secrets and codes leave with them; the
      // operational rows (sign-in challenges, used time steps) go with the account's own erasure.
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('password_state').where('user_id', '=', event.data.userId)),
          statement(qb.deleteFrom('two_factor').where('user_id', '=', event.data.userId)),
          forgetRecoveryCodes(event.data.userId),
        ];
      case 'TwoFactorDisabled':
        return [
          statement(qb.deleteFrom('two_factor').where('user_id', '=', event.data.userId)),
          forgetRecoveryCodes(event.data.userId),
        ];
      case 'TwoFactorRecoveryCodeUsed':
        return [
          statement(
            qb
              .updateTable('two_factor_recovery_codes')
              .set({ used_at: at })
              .where('user_id', '=', event.data.userId)
              .where('code_hash', '=', event.data.codeHash),
          ),
        ];
      default:
        return [];
    }
  },
};
