import type { Selectable } from 'kysely';
import type { OnboardingProgress } from '../../../shared/onboarding';
import { first, mapRead, type Read } from '../../core/reads';
import type { Db } from '../../db/schema';
import type { OnboardingProgressTable } from '../../db/tables/onboarding-progress';
import { qb } from '../../db/statement';

export type ProgressRow = Selectable<OnboardingProgressTable>;

/** The progress of 000 §3 as REST and pushes send it. */
export function presentProgress(row: ProgressRow): OnboardingProgress {
  return {
    userId: row.user_id,
    currentStep: row.current_step,
    totalSteps: row.steps.length,
    completionPercentage: row.completion_percentage,
    completedSteps: row.completed_steps,
    skippedSteps: row.skipped_steps,
    steps: row.steps,
    accountType: row.account_type,
    startedAt: row.started_at.toISOString(),
    lastUpdated: row.last_updated.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    version: row.version,
  };
}

const progressQuery = (userId: string) =>
  qb.selectFrom('onboarding_progress').selectAll().where('user_id', '=', userId);

/** A member's progress row, as a command's read. */
export const progressRow = (userId: string): Read<ProgressRow | undefined> =>
  first(progressQuery(userId));

/** A member's progress read back after a command's write, in the same round trip. */
export const progressReply = (userId: string): Read<OnboardingProgress | null> =>
  mapRead(progressRow(userId), (row) => (row ? presentProgress(row) : null));

export async function readProgress(db: Db, userId: string): Promise<OnboardingProgress | null> {
  const row = await db
    .selectFrom('onboarding_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? presentProgress(row) : null;
}

/** The progress of those of `userIds` who have one. */
export async function readProgressOf(
  db: Db,
  userIds: readonly string[],
): Promise<OnboardingProgress[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('onboarding_progress')
    .selectAll()
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map(presentProgress);
}
