import { sql } from 'kysely';
import {
  openDays,
  profileCompleteness,
  weeklyOpenMinutes,
  type BusinessAccount,
  type BusinessReport,
} from '../../../shared/business';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { presentBusinessAccount } from './business-presenter';

const accountQuery = (userId: string) =>
  qb.selectFrom('business_accounts').selectAll().where('user_id', '=', userId);

export function businessAccountRead(userId: string): Read<BusinessAccount> {
  return mapRead(first(accountQuery(userId)), presentBusinessAccount);
}

export async function readBusinessAccount(db: Db, userId: string): Promise<BusinessAccount> {
  const row = await db
    .selectFrom('business_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return presentBusinessAccount(row);
}

/**
 * The report's figures: the account, its weekly open hours and completeness, and the member's
 * own content (posts, likes and followers from their profile stats; views summed over their
 * published posts).
 */
export async function readBusinessReport(db: Db, userId: string): Promise<BusinessReport> {
  const [account, stats] = await Promise.all([
    readBusinessAccount(db, userId),
    db
      .selectFrom('profile_stats')
      .select(['posts', 'likes', 'followers'])
      .select(
        sql<number>`(select coalesce(sum(p.views_count), 0)::int from posts p
          where p.author_id = ${userId}::uuid and p.status = 'published')`.as('views'),
      )
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    account,
    weeklyOpenMinutes: weeklyOpenMinutes(account.businessHours),
    openDays: openDays(account.businessHours),
    completeness: profileCompleteness(account),
    content: {
      posts: stats?.posts ?? 0,
      views: stats?.views ?? 0,
      likes: stats?.likes ?? 0,
      followers: stats?.followers ?? 0,
    },
    generatedAt: new Date().toISOString(),
  };
}
