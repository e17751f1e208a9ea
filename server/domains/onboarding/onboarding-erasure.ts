import { sql } from 'kysely';
import { statement, type Statement } from '../../db/statement';

/** A deleted member's onboarding, with their choices and owner setup, leaves the read model. */
export function eraseMemberOnboarding(userId: string): Statement[] {
  return [statement(sql`delete from onboarding_progress where user_id = ${userId}::uuid`)];
}
