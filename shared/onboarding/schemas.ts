import { z } from 'zod';
import { idField } from '../api/ids';
import { stepIdSchema } from './steps';

/** Onboarding user data of 000 §3: what the personalization filters read. */
export const useCaseSchema = z.enum(['personal', 'business', 'developer', 'enterprise']);
export const experienceLevelSchema = z.enum(['beginner', 'intermediate', 'advanced']);
export const primaryGoalSchema = z.enum(['networking', 'content-creation', 'learning', 'business']);
export const preferredFeatureSchema = z.enum([
  'messaging',
  'posts',
  'friends',
  'notifications',
  'profile',
  'settings',
  'analytics',
  'security',
]);
export const timeAvailabilitySchema = z.enum(['minimal', 'moderate', 'extensive']);

export const onboardingUserDataSchema = z.strictObject({
  useCase: useCaseSchema,
  experienceLevel: experienceLevelSchema,
  primaryGoal: primaryGoalSchema,
  preferredFeatures: z.array(preferredFeatureSchema).max(8).default([]),
  timeAvailability: timeAvailabilitySchema.default('moderate'),
});
export type OnboardingUserData = z.infer<typeof onboardingUserDataSchema>;
export type PreferredFeature = z.infer<typeof preferredFeatureSchema>;

export const industrySchema = z.enum([
  'technology',
  'finance',
  'healthcare',
  'education',
  'retail',
  'other',
]);
export const teamSizeSchema = z.enum(['1-10', '11-50', '51-200', '200+']);
export const primaryUseCaseSchema = z.enum(['testing', 'demo', 'internal', 'customer', 'other']);

/** Owner setup of 000 §3, stored with an Owner Account's onboarding. */
export const ownerSetupSchema = z.strictObject({
  isOwner: z.literal(true),
  companyName: z.string().trim().min(1, 'Company name is required').max(120),
  role: z.string().trim().min(1, 'Role is required').max(80),
  industry: industrySchema,
  teamSize: teamSizeSchema,
  primaryUseCase: primaryUseCaseSchema,
});
export type OwnerSetup = z.infer<typeof ownerSetupSchema>;

export const accountTypeSchema = z.enum(['owner', 'regular']);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Onboarding progress of 000 §3, with the member's step list and the stream's version. */
export const onboardingProgressSchema = z.object({
  userId: z.uuid(),
  /** 1-based: the first step of `steps` not yet done (the last one once all are). */
  currentStep: z.number().int().positive(),
  totalSteps: z.number().int().positive(),
  completionPercentage: z.number().int().min(0).max(100),
  completedSteps: z.array(stepIdSchema),
  skippedSteps: z.array(stepIdSchema),
  /** This member's steps, personalized and limited to one session, in the order shown. */
  steps: z.array(stepIdSchema),
  accountType: accountTypeSchema,
  startedAt: z.string(),
  lastUpdated: z.string(),
  completedAt: z.string().nullable(),
  /** Rises with every change, so a tab keeps the newest of a fetch and a push. */
  version: z.number().int().positive(),
});
export type OnboardingProgress = z.infer<typeof onboardingProgressSchema>;

/**
 * `POST /onboarding/start`. The spec's client sends `userId`, `progress` and `userData`: its own
 * idea of the progress, which the server keeps itself (so `progress` is accepted and not read),
 * and no account type, which makes a regular account.
 */
export const startOnboardingSchema = z
  .strictObject({
    userId: idField(),
    progress: z.record(z.string(), z.unknown()).optional(),
    userData: onboardingUserDataSchema,
    accountType: accountTypeSchema.default('regular'),
    ownerSetup: ownerSetupSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.accountType === 'owner' && !body.ownerSetup) {
      ctx.addIssue({
        code: 'custom',
        path: ['ownerSetup'],
        message: 'An Owner Account needs the owner setup',
      });
    }
    if (body.accountType === 'regular' && body.ownerSetup) {
      ctx.addIssue({
        code: 'custom',
        path: ['ownerSetup'],
        message: 'Owner setup belongs to an Owner Account only',
      });
    }
  });
export type StartOnboarding = z.infer<typeof startOnboardingSchema>;

/** `POST /onboarding/complete-step` and `/skip-step`: the step is checked by the command. */
export const onboardingStepRequestSchema = z.strictObject({
  userId: idField(),
  stepId: z.string().min(1).max(64),
});
export type OnboardingStepRequest = z.infer<typeof onboardingStepRequestSchema>;

export const completeOnboardingSchema = z.strictObject({ userId: idField() });

export const onboardingProgressParamsSchema = z.object({ userId: idField() });

/** `onboarding:progress` to the member's own tabs. */
export const onboardingProgressPayloadSchema = z.object({ progress: onboardingProgressSchema });
export type OnboardingProgressPayload = z.infer<typeof onboardingProgressPayloadSchema>;

export const onboardingLiveEvents = { progress: 'onboarding:progress' } as const;
