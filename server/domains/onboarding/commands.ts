import type { Role } from '../../../shared/auth/schemas';
import {
  advancedStep,
  completionPercentage,
  onboardingMessages,
  personalizeSteps,
  stepById,
  stepIdSchema,
  type OnboardingProgress,
  type StartOnboarding,
  type StepId,
} from '../../../shared/onboarding';
import { appendTo, defineCommand, type Decision } from '../../core/command';
import type { CommandContext } from '../../core/context';
import { conflict, forbidden, invalidField, notFound } from '../../core/errors';
import { first, streamVersion } from '../../core/reads';
import { qb } from '../../db/statement';
import { presentProgress, progressReply, progressRow, type ProgressRow } from './progress-read';
import { onboardingStreamId } from './streams';

/** Only the member changes their own onboarding (the route's caller is the actor). */
function requireSelf(userId: string, ctx: CommandContext): void {
  if (ctx.actorId !== userId) throw forbidden('not-yours', onboardingMessages.notYours);
}

const unchanged = (row: ProgressRow): Decision<OnboardingProgress | null> => ({
  result: presentProgress(row),
});

/**
 * Starts the member's onboarding with their account choice and personalization; starting again
 * answers the progress already there. An Owner Account is open only to a member whose role is
 * owner.
 */
export const startOnboarding = defineCommand({
  name: 'onboarding.start',
  load: ({ userId }: StartOnboarding) => ({
    user: first(qb.selectFrom('users').select('role').where('id', '=', userId)),
    progress: progressRow(userId),
    version: streamVersion(onboardingStreamId(userId)),
  }),
  decide(
    state: { user: { role: Role } | undefined; progress: ProgressRow | undefined; version: number },
    input: StartOnboarding,
    ctx,
  ): Decision<OnboardingProgress | null> {
    requireSelf(input.userId, ctx);
    if (!state.user) throw notFound('User not found');
    if (state.progress) return unchanged(state.progress);
    if (input.accountType === 'owner' && state.user.role !== 'owner') {
      throw forbidden('owner-only', onboardingMessages.ownerOnly);
    }
    return {
      appends: [
        appendTo(onboardingStreamId(input.userId), state.version, [
          {
            type: 'OnboardingStarted',
            data: {
              userId: input.userId,
              accountType: input.accountType,
              userData: input.userData,
              ownerSetup: input.accountType === 'owner' ? (input.ownerSetup ?? null) : null,
              steps: personalizeSteps(input.userData),
            },
          },
        ]),
      ],
      reply: progressReply(input.userId),
    };
  },
});

interface StepInput {
  userId: string;
  stepId: string;
}
interface StepState {
  progress: ProgressRow | undefined;
  version: number;
}

/** The started, unfinished onboarding a step belongs to, and the step as a known id. */
function stepOf(state: StepState, input: StepInput, ctx: CommandContext) {
  requireSelf(input.userId, ctx);
  const parsed = stepIdSchema.safeParse(input.stepId);
  if (!parsed.success) {
    throw invalidField('stepId', 'unknown-step', onboardingMessages.unknownStep);
  }
  const { progress } = state;
  if (!progress) throw notFound(onboardingMessages.notStarted, 'not-started');
  if (!progress.steps.includes(parsed.data)) {
    throw invalidField('stepId', 'step-not-in-session', onboardingMessages.stepNotInSession);
  }
  return { progress, stepId: parsed.data };
}

/**
 * Marks one step done, completed or skipped: the current step moves on by one (000 §4, a later
 * step skipped too) and the percentage is recomputed; the last step done completes the
 * onboarding in the same write. A step already done changes nothing, so a second tab acting on
 * the same step is answered the progress.
 */
function doStep(
  kind: 'completed' | 'skipped',
  state: StepState,
  input: StepInput,
  ctx: CommandContext,
): Decision<OnboardingProgress | null> {
  const { progress, stepId } = stepOf(state, input, ctx);
  if (progress.completed_at) {
    if (isDone(progress, stepId)) return unchanged(progress);
    throw conflict('already-completed', onboardingMessages.alreadyCompleted);
  }
  if (kind === 'skipped' && stepById(stepId).isRequired) {
    throw invalidField('stepId', 'required-step', onboardingMessages.requiredStep);
  }
  if (isDone(progress, stepId)) return unchanged(progress);
  const completed =
    kind === 'completed' ? [...progress.completed_steps, stepId] : progress.completed_steps;
  const skipped = kind === 'skipped' ? [...progress.skipped_steps, stepId] : progress.skipped_steps;
  const percentage = completionPercentage(completed.length, skipped.length, progress.steps.length);
  const data = {
    userId: input.userId,
    stepId,
    currentStep: advancedStep(progress.current_step, progress.steps.length),
    completionPercentage: percentage,
  };
  return {
    appends: [
      appendTo(onboardingStreamId(input.userId), state.version, [
        kind === 'completed'
          ? { type: 'OnboardingStepCompleted', data }
          : { type: 'OnboardingStepSkipped', data },
        ...(percentage === 100
          ? [
              {
                type: 'OnboardingCompleted' as const,
                data: { userId: input.userId, skippedSteps: [] },
              },
            ]
          : []),
      ]),
    ],
    reply: progressReply(input.userId),
  };
}

const isDone = (progress: ProgressRow, stepId: StepId) =>
  progress.completed_steps.includes(stepId) || progress.skipped_steps.includes(stepId);

const loadStep = ({ userId }: { userId: string }) => ({
  progress: progressRow(userId),
  version: streamVersion(onboardingStreamId(userId)),
});

export const completeStep = defineCommand({
  name: 'onboarding.completeStep',
  load: (input: StepInput) => loadStep(input),
  decide: (state: StepState, input: StepInput, ctx) => doStep('completed', state, input, ctx),
});

export const skipStep = defineCommand({
  name: 'onboarding.skipStep',
  load: (input: StepInput) => loadStep(input),
  decide: (state: StepState, input: StepInput, ctx) => doStep('skipped', state, input, ctx),
});

/**
 * Finishes onboarding once every required step is done; optional steps still pending count as
 * skipped, so a finished onboarding reads 100%. Finishing again changes nothing.
 */
export const completeOnboarding = defineCommand({
  name: 'onboarding.complete',
  load: loadStep,
  decide(state: StepState, input: { userId: string }, ctx): Decision<OnboardingProgress | null> {
    requireSelf(input.userId, ctx);
    const { progress } = state;
    if (!progress) throw notFound(onboardingMessages.notStarted, 'not-started');
    if (progress.completed_at) return unchanged(progress);
    const pending = progress.steps.filter((id) => !isDone(progress, id));
    if (pending.some((id) => stepById(id).isRequired)) {
      throw conflict('required-steps-pending', onboardingMessages.requiredPending);
    }
    return {
      appends: [
        appendTo(onboardingStreamId(input.userId), state.version, [
          { type: 'OnboardingCompleted', data: { userId: input.userId, skippedSteps: pending } },
        ]),
      ],
      reply: progressReply(input.userId),
    };
  },
});
