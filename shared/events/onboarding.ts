import { z } from 'zod';
import {
  accountTypeSchema,
  onboardingUserDataSchema,
  ownerSetupSchema,
} from '../onboarding/schemas';
import { stepIdSchema } from '../onboarding/steps';

/**
 * A step's event carries where it leaves the wizard (current step and percentage, as decided
 * from the progress the command read), so the projection only writes them and a rebuild gets
 * the same values.
 */
const stepDone = z.strictObject({
  userId: z.uuid(),
  stepId: stepIdSchema,
  currentStep: z.number().int().positive(),
  completionPercentage: z.number().int().min(0).max(100),
});

export const onboardingEvents = {
  OnboardingStarted: z.strictObject({
    userId: z.uuid(),
    accountType: accountTypeSchema,
    userData: onboardingUserDataSchema,
    ownerSetup: ownerSetupSchema.nullable(),
    /** The personalized steps of this session, in the order shown. */
    steps: z.array(stepIdSchema).min(1),
  }),
  OnboardingStepCompleted: stepDone,
  OnboardingStepSkipped: stepDone,
  /** `skippedSteps`: optional steps still pending when the member finished, counted as skipped. */
  OnboardingCompleted: z.strictObject({
    userId: z.uuid(),
    skippedSteps: z.array(stepIdSchema),
  }),
};
