import type { Generated, JSONColumnType } from 'kysely';
import type {
  AccountType,
  OnboardingUserData,
  OwnerSetup,
  StepId,
} from '../../../shared/onboarding';

export interface OnboardingProgressTable {
  user_id: string;
  account_type: AccountType;
  user_data: JSONColumnType<OnboardingUserData>;
  owner_setup: JSONColumnType<OwnerSetup | null, string | null, string | null>;
  steps: StepId[];
  current_step: number;
  completion_percentage: Generated<number>;
  completed_steps: Generated<StepId[]>;
  skipped_steps: Generated<StepId[]>;
  started_at: Date;
  last_updated: Date;
  completed_at: Date | null;
  version: number;
}
