import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * A deleted member's notifications and preferences go, and they leave every notification of
 * others they are an actor of, as an actor taking back what raised it does (`withdraw`): the
 * others still read "Bo liked your post" for what remains, and one left without actors goes.
 * Recipients' rows are changed without their per-member lock: taking every such lock in one
 * statement would order them unlike the single-member writers, and the badge recount that
 * follows corrects the counts either way.
 */
export function eraseMemberNotifications(userId: string): Statement[] {
  const member = sql`${userId}::uuid`;
  const remaining = sql`array_remove(actor_ids, ${member})`;
  return [
    statement(sql`delete from notifications where user_id = ${member}`),
    statement(sql`delete from notifications
      where ${member} = any(actor_ids) and cardinality(${remaining}) = 0`),
    statement(sql`update notifications
      set actor_ids = ${remaining}, actor_count = cardinality(${remaining})
      where ${member} = any(actor_ids)`),
    statement(sql`delete from notification_preferences where user_id = ${member}`),
  ];
}
