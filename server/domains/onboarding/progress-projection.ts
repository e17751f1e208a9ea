import { sql } from 'kysely';
import type { Projection } from '../../eventstore/projection';
import { qb, statement } from '../../db/statement';
import { eraseMemberOnboarding } from './onboarding-erasure';

/**
 * `onboarding_progress`: one row per member who started, written from the events alone; gone
 * with the member's account.
 */
export const progressProjection: Projection = {
  name: 'onboarding-progress',
  tables: ['onboarding_progress'],
  handles: [
    'OnboardingStarted',
    'OnboardingStepCompleted',
    'OnboardingStepSkipped',
    'OnboardingCompleted',
    'AccountDeleted',
  ],
  project(event) {
    const at = event.occurredAt;
    const version = event.streamVersion;
    switch (event.type) {
      case 'OnboardingStarted':
        return [
          statement(
            qb.insertInto('onboarding_progress').values({
              user_id: event.data.userId,
              account_type: event.data.accountType,
              user_data: JSON.stringify(event.data.userData),
              owner_setup: event.data.ownerSetup ? JSON.stringify(event.data.ownerSetup) : null,
              steps: event.data.steps,
              current_step: 1,
              completion_percentage: 0,
              started_at: at,
              last_updated: at,
              version,
            }),
          ),
        ];
      case 'OnboardingStepCompleted':
      case 'OnboardingStepSkipped': {
        const column =
          event.type === 'OnboardingStepCompleted' ? 'completed_steps' : 'skipped_steps';
        return [
          statement(
            qb
              .updateTable('onboarding_progress')
              .set({
                [column]: sql`array_append(${sql.ref(column)}, ${event.data.stepId})`,
                current_step: event.data.currentStep,
                completion_percentage: event.data.completionPercentage,
                last_updated: at,
                version,
              })
              .where('user_id', '=', event.data.userId),
          ),
        ];
      }
      case 'OnboardingCompleted':
        return [
          statement(
            qb
              .updateTable('onboarding_progress')
              .set({
                skipped_steps: sql`skipped_steps || ${sql.val(event.data.skippedSteps)}::text[]`,
                current_step: sql`cardinality(steps)`,
                completion_percentage: 100,
                completed_at: at,
                last_updated: at,
                version,
              })
              .where('user_id', '=', event.data.userId),
          ),
        ];
      case 'AccountDeleted':
        return eraseMemberOnboarding(event.data.userId);
      default:
        return [];
    }
  },
};
