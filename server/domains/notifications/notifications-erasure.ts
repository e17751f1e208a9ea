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
  return [
    // Their actor rows go with them (on delete cascade).
    statement(sql`delete from notifications where user_id = ${member}`),
    // A member is at most one actor row of a notification, so each row gone is one actor less.
    statement(sql`with gone as (
        delete from notification_actors where actor_id = ${member} returning notification_id
      ), emptied as (
        delete from notifications n using gone
        where n.id = gone.notification_id and n.actor_count = 1
      )
      update notifications n set actor_count = n.actor_count - 1
      from gone where n.id = gone.notification_id and n.actor_count > 1`),
    statement(sql`delete from notification_preferences where user_id = ${member}`),
  ];
}
