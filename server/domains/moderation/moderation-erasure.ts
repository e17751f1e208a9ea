import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * A deleted member's reports go, and the counts of the items they were on drop by exactly
 * those; the items about their own content go with every report on them (the content went with
 * the member). Audit entries keep the action and lose the name, moderator's or member's; a
 * suspension of theirs ends.
 */
export function eraseMemberModeration(userId: string): Statement[] {
  const member = sql`${userId}::uuid`;
  return [
    statement(sql`with gone as (
        delete from content_reports where reporter_id = ${member} returning target_id
      ), n as (select target_id, count(*)::int as n from gone group by target_id)
      update moderation_items i set report_count = i.report_count - n.n, version = i.version + 1
      from n where i.target_id = n.target_id`),
    statement(sql`delete from content_reports where target_id in
      (select target_id from moderation_items where author_id = ${member})`),
    statement(sql`delete from moderation_items where author_id = ${member}`),
    statement(sql`delete from moderation_items where report_count = 0`),
    statement(sql`update moderation_audit set moderator_id = null where moderator_id = ${member}`),
    statement(sql`update moderation_audit set member_id = null where member_id = ${member}`),
    statement(sql`delete from member_suspensions where user_id = ${member}`),
    statement(
      sql`update member_suspensions set moderator_id = null where moderator_id = ${member}`,
    ),
  ];
}
