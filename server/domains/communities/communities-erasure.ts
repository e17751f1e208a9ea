import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/**
 * A deleted member's memberships and invitations (to them and from them) go, and each community's
 * member count drops by exactly the active memberships removed; a community they created stays,
 * with no creator.
 */
export function eraseMemberCommunities(userId: string): Statement[] {
  const member = sql`${userId}::uuid`;
  return [
    statement(sql`with gone as (
        delete from community_members where user_id = ${member} returning community_id, status
      ), n as (select community_id, count(*) filter (where status = 'active')::int as n
        from gone group by community_id)
      update communities c set member_count = c.member_count - n.n, version = c.version + 1
      from n where c.id = n.community_id`),
    statement(sql`delete from community_invitations
      where user_id = ${member} or invited_by = ${member}`),
    statement(sql`update communities set created_by = null where created_by = ${member}`),
  ];
}
