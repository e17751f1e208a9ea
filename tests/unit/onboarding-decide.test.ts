import {
  onboardingMessages,
  type OnboardingUserData,
  type OwnerSetup,
  type StepId,
} from '../../shared/onboarding';
import {
  completeOnboarding,
  completeStep,
  skipStep,
  startOnboarding,
} from '../../server/domains/onboarding/commands';
import type { ProgressRow } from '../../server/domains/onboarding/progress-read';
import { ANA, BEN, by, decide, refusal, refusedAs } from './support/decide';

const AT = new Date('2026-11-27T10:00:00.000Z');
const STEPS: StepId[] = ['welcome', 'profile-basics', 'avatar-upload'];

const progress = (over: Partial<ProgressRow> = {}): ProgressRow => ({
  user_id: ANA,
  account_type: 'regular',
  user_data: {
    useCase: 'personal',
    experienceLevel: 'beginner',
    primaryGoal: 'learning',
    preferredFeatures: [],
    timeAvailability: 'moderate',
  },
  owner_setup: null,
  steps: STEPS,
  current_step: 1,
  completion_percentage: 0,
  completed_steps: [],
  skipped_steps: [],
  started_at: AT,
  last_updated: AT,
  completed_at: null,
  version: 1,
  ...over,
});

const userData: OnboardingUserData = {
  useCase: 'personal',
  experienceLevel: 'beginner',
  primaryGoal: 'learning',
  preferredFeatures: [],
  timeAvailability: 'moderate',
};
const ownerSetup: OwnerSetup = {
  isOwner: true,
  companyName: 'Acme',
  role: 'CTO',
  industry: 'technology',
  teamSize: '11-50',
  primaryUseCase: 'internal',
};

describe('starting onboarding', () => {
  const start = { userId: ANA, userData, accountType: 'regular' as const };

  it("is refused for another member's onboarding", async () => {
    const refused = await refusal(
      startOnboarding,
      { user: { role: 'owner' }, progress: undefined, version: 0 },
      start,
      by(BEN),
    );
    expect(refused).toEqual(refusedAs.forbidden('not-yours', onboardingMessages.notYours));
  });

  it('appends OnboardingStarted with the personalized steps', async () => {
    const decision = await decide(
      startOnboarding,
      { user: { role: 'member' }, progress: undefined, version: 0 },
      start,
      by(ANA),
    );
    expect(decision).toMatchObject({
      appends: [
        { streamId: `onboarding-${ANA}`, expectedVersion: 0, types: ['OnboardingStarted'] },
      ],
      reply: true,
    });
    expect(decision.events[0]).toEqual({
      type: 'OnboardingStarted',
      data: {
        userId: ANA,
        accountType: 'regular',
        userData,
        ownerSetup: null,
        steps: [
          'welcome',
          'profile-basics',
          'avatar-upload',
          'security-setup',
          'social-connections',
        ],
      },
    });
  });

  it('opens an Owner Account only to an owner, storing the owner setup', async () => {
    const owner = { ...start, accountType: 'owner' as const, ownerSetup };
    const refused = await refusal(
      startOnboarding,
      { user: { role: 'member' }, progress: undefined, version: 0 },
      owner,
      by(ANA),
    );
    expect(refused).toEqual(refusedAs.forbidden('owner-only', onboardingMessages.ownerOnly));
    const decision = await decide(
      startOnboarding,
      { user: { role: 'owner' }, progress: undefined, version: 0 },
      owner,
      by(ANA),
    );
    expect(decision.events[0]).toMatchObject({ data: { accountType: 'owner', ownerSetup } });
  });

  it('answers the progress already there when started twice', async () => {
    const decision = await decide(
      startOnboarding,
      { user: { role: 'member' }, progress: progress({ version: 4 }), version: 4 },
      start,
      by(ANA),
    );
    expect(decision.appends).toEqual([]);
    expect(decision.result).toMatchObject({ userId: ANA, version: 4, totalSteps: 3 });
  });
});

describe('completing and skipping steps', () => {
  it('moves the current step on and recomputes the percentage', async () => {
    const decision = await decide(
      completeStep,
      { progress: progress(), version: 1 },
      { userId: ANA, stepId: 'welcome' },
      by(ANA),
    );
    expect(decision.events).toEqual([
      {
        type: 'OnboardingStepCompleted',
        data: { userId: ANA, stepId: 'welcome', currentStep: 2, completionPercentage: 33 },
      },
    ]);
    expect(decision.appends[0]).toMatchObject({ expectedVersion: 1 });
  });

  it('advances the current step by one for every action, a later step skipped too (000 §4)', async () => {
    const steps: StepId[] = ['welcome', 'profile-basics', 'avatar-upload', 'security-setup'];
    const skipped = await decide(
      skipStep,
      { progress: progress({ steps }), version: 1 },
      { userId: ANA, stepId: 'security-setup' },
      by(ANA),
    );
    expect(skipped.events).toEqual([
      {
        type: 'OnboardingStepSkipped',
        data: { userId: ANA, stepId: 'security-setup', currentStep: 2, completionPercentage: 25 },
      },
    ]);
    const completed = await decide(
      completeStep,
      {
        progress: progress({ steps, skipped_steps: ['security-setup'], current_step: 2 }),
        version: 2,
      },
      { userId: ANA, stepId: 'avatar-upload' },
      by(ANA),
    );
    expect(completed.events[0]).toMatchObject({ data: { currentStep: 3 } });
    // Never past the last step.
    const atLast = await decide(
      completeStep,
      {
        progress: progress({ steps, skipped_steps: ['avatar-upload'], current_step: 4 }),
        version: 2,
      },
      { userId: ANA, stepId: 'welcome' },
      by(ANA),
    );
    expect(atLast.events[0]).toMatchObject({ data: { currentStep: 4 } });
  });

  it('refuses to skip a required step', async () => {
    const refused = await refusal(
      skipStep,
      { progress: progress(), version: 1 },
      { userId: ANA, stepId: 'profile-basics' },
      by(ANA),
    );
    expect(refused).toEqual(
      refusedAs.invalid('required-step', onboardingMessages.requiredStep, {
        stepId: onboardingMessages.requiredStep,
      }),
    );
  });

  it('refuses an unknown step and a step outside the member’s list', async () => {
    expect(
      await refusal(
        completeStep,
        { progress: progress(), version: 1 },
        { userId: ANA, stepId: 'dance' },
        by(ANA),
      ),
    ).toMatchObject({ kind: 'invalid', code: 'unknown-step' });
    expect(
      await refusal(
        skipStep,
        { progress: progress(), version: 1 },
        { userId: ANA, stepId: 'first-post' },
        by(ANA),
      ),
    ).toMatchObject({ kind: 'invalid', code: 'step-not-in-session' });
  });

  it('answers not found before onboarding starts, and forbidden for another member', async () => {
    expect(
      await refusal(
        completeStep,
        { progress: undefined, version: 0 },
        { userId: ANA, stepId: 'welcome' },
        by(ANA),
      ),
    ).toMatchObject({ kind: 'not-found', code: 'not-started' });
    expect(
      await refusal(
        completeStep,
        { progress: progress(), version: 1 },
        { userId: ANA, stepId: 'welcome' },
        by(BEN),
      ),
    ).toMatchObject({ kind: 'forbidden', code: 'not-yours' });
  });

  it('changes nothing for a step already done', async () => {
    const decision = await decide(
      skipStep,
      { progress: progress({ skipped_steps: ['avatar-upload'] }), version: 2 },
      { userId: ANA, stepId: 'avatar-upload' },
      by(ANA),
    );
    expect(decision.appends).toEqual([]);
    expect(decision.result).toMatchObject({ skippedSteps: ['avatar-upload'] });
  });

  it('completes the onboarding with the last step, at 100%', async () => {
    const decision = await decide(
      skipStep,
      {
        progress: progress({ completed_steps: ['welcome', 'profile-basics'], current_step: 3 }),
        version: 3,
      },
      { userId: ANA, stepId: 'avatar-upload' },
      by(ANA),
    );
    expect(decision.appends[0]!.types).toEqual(['OnboardingStepSkipped', 'OnboardingCompleted']);
    expect(decision.events).toEqual([
      {
        type: 'OnboardingStepSkipped',
        data: { userId: ANA, stepId: 'avatar-upload', currentStep: 3, completionPercentage: 100 },
      },
      { type: 'OnboardingCompleted', data: { userId: ANA, skippedSteps: [] } },
    ]);
  });

  it('refuses a new step once onboarding is completed', async () => {
    const refused = await refusal(
      completeStep,
      {
        progress: progress({ steps: STEPS, completed_steps: ['welcome'], completed_at: AT }),
        version: 3,
      },
      { userId: ANA, stepId: 'profile-basics' },
      by(ANA),
    );
    expect(refused).toEqual(
      refusedAs.conflict('already-completed', onboardingMessages.alreadyCompleted),
    );
  });
});

describe('completing onboarding', () => {
  it('is refused until every required step is done', async () => {
    const refused = await refusal(
      completeOnboarding,
      { progress: progress({ completed_steps: ['welcome'] }), version: 2 },
      { userId: ANA },
      by(ANA),
    );
    expect(refused).toEqual(
      refusedAs.conflict('required-steps-pending', onboardingMessages.requiredPending),
    );
  });

  it('counts the optional steps still pending as skipped', async () => {
    const decision = await decide(
      completeOnboarding,
      { progress: progress({ completed_steps: ['welcome', 'profile-basics'] }), version: 3 },
      { userId: ANA },
      by(ANA),
    );
    expect(decision.events).toEqual([
      { type: 'OnboardingCompleted', data: { userId: ANA, skippedSteps: ['avatar-upload'] } },
    ]);
  });

  it('changes nothing when already completed', async () => {
    const decision = await decide(
      completeOnboarding,
      { progress: progress({ completed_at: AT, completion_percentage: 100 }), version: 4 },
      { userId: ANA },
      by(ANA),
    );
    expect(decision.appends).toEqual([]);
    expect(decision.result).toMatchObject({ completedAt: AT.toISOString() });
  });
});
