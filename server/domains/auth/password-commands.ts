import { meetsPasswordRules } from '../../../shared/auth/password-rules';
import { passwordChangeMessages as m } from '../../../shared/auth/security-messages';
import { appendTo, defineCommand } from '../../core/command';
import { invalidField, notFound } from '../../core/errors';
import { first, streamVersion } from '../../core/reads';
import { qb } from '../../db/statement';
import { hashPassword, verifyPassword } from './passwords';
import { closeAllSessions } from './sessions';
import { userStreamId } from './streams';
import { endChallengesOf } from './two-factor-challenges';

export interface ChangePasswordInput {
  userId: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * A member changes their own password (001 §2, §5): the current one checked as sign-in checks
 * it, the new one held to the rules and different from the current. Every session of the member
 * ends in the same transaction and their sockets close on every node when the relay sees
 * `PasswordChanged` (the session pusher); a sign-in halfway through its second factor is voided.
 */
export const changePassword = defineCommand({
  name: 'auth.changePassword',
  load: ({ userId }: ChangePasswordInput) => ({
    user: first(
      qb.selectFrom('users').select(['username', 'password_hash']).where('id', '=', userId),
    ),
    version: streamVersion(userStreamId(userId)),
  }),
  async decide({ user, version }, { userId, currentPassword, newPassword }) {
    if (!user) throw notFound('User not found');
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      throw invalidField('currentPassword', 'wrong-password', m.wrongCurrent);
    }
    if (!meetsPasswordRules(newPassword, user.username)) {
      throw invalidField('newPassword', 'password-requirements', m.requirementsNotMet);
    }
    if (newPassword === currentPassword) {
      throw invalidField('newPassword', 'same-password', m.sameAsCurrent);
    }
    const passwordHash = await hashPassword(newPassword);
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'PasswordChanged', data: { userId, passwordHash } },
        ]),
      ],
      effects: [closeAllSessions(userId), endChallengesOf(userId)],
    };
  },
});

/**
 * An owner asks a member to choose a new password: until they do, the web guard sends them to
 * `/password-rotation` and member routes refuse them. Asking again changes nothing.
 */
export const requirePasswordRotation = defineCommand({
  name: 'auth.requirePasswordRotation',
  load: ({ userId }: { actorId: string; userId: string }) => ({
    state: first(
      qb
        .selectFrom('users')
        .leftJoin('password_state', 'password_state.user_id', 'users.id')
        .select(['users.id', 'password_state.rotation_required'])
        .where('users.id', '=', userId),
    ),
    version: streamVersion(userStreamId(userId)),
  }),
  decide({ state, version }, { actorId, userId }) {
    if (!state) throw notFound('User not found');
    if (state.rotation_required) return {};
    return {
      appends: [
        appendTo(userStreamId(userId), version, [
          { type: 'PasswordRotationRequired', data: { userId, byUserId: actorId } },
        ]),
      ],
    };
  },
});
