import { sql } from 'kysely';
import {
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  twoFactorMessages as m,
} from '../../../shared/auth/security-messages';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import { conflict, invalid, invalidField, notFound } from '../../core/errors';
import { lock, refuseUnless } from '../../core/guards';
import { first, streamVersion } from '../../core/reads';
import { qb, statement } from '../../db/statement';
import { authError, openSession } from './commands';
import { verifyPassword } from './passwords';
import type { SecretBox } from './secret-box';
import type { NewSession } from './sessions';
import { userStreamId, userStreamIdSql } from './streams';
import { newRecoveryCodes, recoveryCodeHash, totpStep } from './totp';
import {
  challengeRead,
  countFailedAttempt,
  endChallenge,
  endChallengesOf,
  lockChallenge,
} from './two-factor-challenges';

const memberState = (userId: string) => ({
  user: first(
    qb
      .selectFrom('users')
      .leftJoin('two_factor', 'two_factor.user_id', 'users.id')
      .select([
        'users.password_hash',
        'two_factor.pending_secret',
        'two_factor.secret',
        'two_factor.enabled_at',
      ])
      .where('users.id', '=', userId),
  ),
  version: streamVersion(userStreamId(userId)),
});

/** The time step of a current code of the sealed secret, or null. */
async function codeStep(box: Pick<SecretBox, 'open'>, sealed: string | null, code: string) {
  const secret = sealed ? await box.open(sealed) : null;
  return secret === null ? null : totpStep(secret, code);
}

const codeMatches = async (box: Pick<SecretBox, 'open'>, sealed: string | null, code: string) =>
  (await codeStep(box, sealed, code)) !== null;

/**
 * The last time step a sign-in took for the member is kept (an operational row, like the
 * challenge): a code already used, or an older one, is refused, so one seen over a shoulder or
 * replayed from a log is worth nothing. Checked at commit under the member's lock too, for two
 * challenges answered with one code at once.
 */
function spendStep(userId: string, step: number) {
  return {
    guards: [
      lock(`two-factor-step ${userId}`),
      refuseUnless(
        sql<boolean>`coalesce((select time_step from two_factor_used_steps
          where user_id = ${userId}), -1) < ${step}`,
        invalidField('code', 'invalid-two-factor-code', m.invalidCode),
      ),
    ],
    effect: statement(
      qb
        .insertInto('two_factor_used_steps')
        .values({ user_id: userId, time_step: step })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ time_step: step })),
    ),
  };
}

export interface TwoFactorSignIn {
  challengeId: string;
  code?: string;
  /** Normalised: no dashes, lower case. */
  recoveryCode?: string;
}

/**
 * Two-factor sign-in (TOTP, with one-time recovery codes). The secret is sealed by the caller
 * before it reaches a command, and opened only to check a code: events and read models hold the
 * sealed form only.
 */
export function twoFactorCommands(box: Pick<SecretBox, 'open'>) {
  /** A new secret, pending until a code from it is confirmed; the password proves it is them. */
  const setUp = defineCommand({
    name: 'auth.twoFactorSetUp',
    load: ({ userId }: { userId: string; password: string; sealedSecret: string }) =>
      memberState(userId),
    async decide({ user, version }, { userId, password, sealedSecret }) {
      if (!user) throw notFound('User not found');
      if (!(await verifyPassword(user.password_hash, password))) {
        throw invalidField('password', 'wrong-password', m.wrongPassword);
      }
      if (user.enabled_at) throw conflict('two-factor-already-enabled', m.alreadyEnabled);
      return {
        appends: [
          appendTo(userStreamId(userId), version, [
            { type: 'TwoFactorSetupStarted', data: { userId, sealedSecret } },
          ]),
        ],
      };
    },
  });

  /** A code of the pending secret turns it on; ten recovery codes are answered, once. */
  const enable = defineCommand({
    name: 'auth.twoFactorEnable',
    load: ({ userId }: { userId: string; code: string }) => memberState(userId),
    async decide({ user, version }, { userId, code }) {
      if (!user) throw notFound('User not found');
      if (user.enabled_at) throw conflict('two-factor-already-enabled', m.alreadyEnabled);
      if (!user.pending_secret) throw invalid('two-factor-not-set-up', m.notSetUp);
      if (!(await codeMatches(box, user.pending_secret, code))) {
        throw invalidField('code', 'invalid-two-factor-code', m.invalidCode);
      }
      const { codes, hashes } = newRecoveryCodes();
      return {
        appends: [
          appendTo(userStreamId(userId), version, [
            { type: 'TwoFactorEnabled', data: { userId, recoveryCodeHashes: hashes } },
          ]),
        ],
        result: { recoveryCodes: codes },
      };
    },
  });

  /** Turning it off takes the password and a current code. */
  const disable = defineCommand({
    name: 'auth.twoFactorDisable',
    load: ({ userId }: { userId: string; password: string; code: string }) => memberState(userId),
    async decide({ user, version }, { userId, password, code }) {
      if (!user) throw notFound('User not found');
      if (!user.enabled_at) throw invalid('two-factor-not-enabled', m.notEnabled);
      if (!(await verifyPassword(user.password_hash, password))) {
        throw invalidField('password', 'wrong-password', m.wrongPassword);
      }
      if (!(await codeMatches(box, user.secret, code))) {
        throw invalidField('code', 'invalid-two-factor-code', m.invalidCode);
      }
      return {
        appends: [
          appendTo(userStreamId(userId), version, [
            { type: 'TwoFactorDisabled', data: { userId } },
          ]),
        ],
        effects: [endChallengesOf(userId)],
      };
    },
  });

  /**
   * The second step of a sign-in: a current code, or a recovery code that has not been used.
   * Attempts at one challenge run one after another; a wrong one is counted (and committed) before
   * it is refused, and the fifth ends the challenge. A recovery code is spent by an event on the
   * member's stream, so two uses of one code race on its version and the loser finds it spent.
   */
  const completeSignIn = defineCommand({
    name: 'auth.twoFactorSignIn',
    serialize: ({ challengeId }: TwoFactorSignIn) => lockChallenge(challengeId),
    load: ({ challengeId, recoveryCode }: TwoFactorSignIn) => ({
      challenge: challengeRead(challengeId),
      lastStep: first(
        qb
          .selectFrom('two_factor_used_steps')
          .select('time_step')
          .where(
            'user_id',
            '=',
            sql<string>`(select user_id from two_factor_challenges where id = ${challengeId})`,
          ),
      ),
      recovery: first(
        qb
          .selectFrom('two_factor_recovery_codes')
          .select('code_hash')
          .where(
            'user_id',
            '=',
            sql<string>`(select user_id from two_factor_challenges where id = ${challengeId})`,
          )
          .where('code_hash', '=', recoveryCodeHash(recoveryCode ?? ''))
          .where('used_at', 'is', null),
      ),
      version: streamVersion(
        userStreamIdSql(sql`(select user_id from two_factor_challenges where id = ${challengeId})`),
      ),
    }),
    async decide({ challenge, lastStep, recovery, version }, input): Promise<Decision<NewSession>> {
      const now = new Date();
      if (
        !challenge ||
        challenge.expires_at <= now ||
        challenge.attempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS ||
        !challenge.secret
      ) {
        throw invalid('two-factor-challenge-expired', m.challengeExpired);
      }
      if (challenge.status === 'disabled') throw authError(403, 'user-disabled');
      const userId = challenge.user_id;
      const usingRecovery = input.recoveryCode !== undefined;
      const step = usingRecovery ? null : await codeStep(box, challenge.secret, input.code ?? '');
      const passed = usingRecovery
        ? recovery !== undefined
        : step !== null && step > (lastStep?.time_step ?? -1);
      if (!passed) {
        const last = challenge.attempts + 1 >= TWO_FACTOR_CHALLENGE_ATTEMPTS;
        return {
          effects: [last ? endChallenge(challenge.id) : countFailedAttempt(challenge.id)],
          refuseAfterCommit: usingRecovery
            ? invalidField('recoveryCode', 'invalid-recovery-code', m.invalidRecoveryCode)
            : invalidField('code', 'invalid-two-factor-code', m.invalidCode),
        };
      }
      const signedIn = openSession(userId, challenge.remember_me);
      const spent = step === null ? null : spendStep(userId, step);
      return {
        guards: spent?.guards ?? [],
        appends: [
          signedIn.append,
          ...(recovery
            ? [
                appendTo(userStreamId(userId), version, [
                  {
                    type: 'TwoFactorRecoveryCodeUsed',
                    data: { userId, codeHash: recovery.code_hash },
                  },
                ]),
              ]
            : []),
        ],
        effects: [endChallenge(challenge.id), signedIn.effect, ...(spent ? [spent.effect] : [])],
        result: signedIn.session,
      };
    },
  });

  return { setUp, enable, disable, completeSignIn };
}
