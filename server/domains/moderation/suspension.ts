import { sql, type RawBuilder } from 'kysely';
import { suspendedMessage } from '../../../shared/moderation';
import { forbidden } from '../../core/errors';
import { value, type Read } from '../../core/reads';

/** A member's suspension as sign-in judges it: its end (null: indefinite) and reason. */
export interface Suspension {
  until: string | null;
  reason: string;
}

/** The member's suspension if they have one, read with sign-in's other reads. */
export function suspensionRead(userId: RawBuilder<unknown>): Read<Suspension | null> {
  return value(sql<Suspension | null>`(select json_build_object('until', s.until,
      'reason', s.reason)
    from member_suspensions s where s.user_id = ${userId})`);
}

/** Sign-in is refused while a suspension runs; one past its end no longer counts. */
export function refuseIfSuspended(suspension: Suspension | null, now: Date): void {
  if (!suspension) return;
  const until = suspension.until === null ? null : new Date(suspension.until);
  if (until && until <= now) return;
  throw forbidden('account-suspended', suspendedMessage(until, suspension.reason));
}
