import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { TwoFactorChallenge } from '../../../shared/auth/security';
import { TWO_FACTOR_CHALLENGE_TTL_MS } from '../../../shared/auth/security-messages';
import { lock } from '../../core/guards';
import { first, value, type Read } from '../../core/reads';
import { qb, statement, type Statement } from '../../db/statement';

/** Whether the member an SQL expression names has two-factor sign-in on. */
export function twoFactorEnabledRead(userId: RawBuilder<unknown>): Read<boolean> {
  return value(sql<boolean>`exists (select 1 from two_factor
    where user_id = ${userId} and enabled_at is not null)`);
}

/**
 * A password sign-in waiting for its second factor: an operational row like a session (a replay
 * must never reopen one), answered to the client by its id only. The member's expired ones go.
 */
export function openChallenge(
  userId: string,
  rememberMe: boolean,
  now: Date,
): { effects: Statement[]; result: TwoFactorChallenge } {
  const id = randomUUID();
  return {
    effects: [
      statement(
        qb
          .deleteFrom('two_factor_challenges')
          .where('user_id', '=', userId)
          .where('expires_at', '<', now),
      ),
      statement(
        qb.insertInto('two_factor_challenges').values({
          id,
          user_id: userId,
          remember_me: rememberMe,
          expires_at: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS),
        }),
      ),
    ],
    result: { twoFactorRequired: true, challengeId: id },
  };
}

export interface OpenChallenge {
  id: string;
  user_id: string;
  remember_me: boolean;
  attempts: number;
  expires_at: Date;
  status: 'active' | 'disabled';
  secret: string | null;
}

/** The challenge with its member's status and sealed secret. */
export function challengeRead(challengeId: string): Read<OpenChallenge | undefined> {
  return first(
    qb
      .selectFrom('two_factor_challenges as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('two_factor as t', 't.user_id', 'c.user_id')
      .select([
        'c.id',
        'c.user_id',
        'c.remember_me',
        'c.attempts',
        'c.expires_at',
        'u.status',
        't.secret',
      ])
      .where('c.id', '=', challengeId),
  );
}

/** Attempts at one challenge run one after another, so its count cannot be raced past. */
export const lockChallenge = (challengeId: string): Statement[] => [
  lock(`two-factor ${challengeId}`),
];

export const countFailedAttempt = (challengeId: string): Statement =>
  statement(
    qb
      .updateTable('two_factor_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challengeId),
  );

export const endChallenge = (challengeId: string): Statement =>
  statement(qb.deleteFrom('two_factor_challenges').where('id', '=', challengeId));

/** A new password or turning two-factor off voids every sign-in halfway through. */
export const endChallengesOf = (userId: string): Statement =>
  statement(qb.deleteFrom('two_factor_challenges').where('user_id', '=', userId));
