import fc from 'fast-check';
import {
  completionPercentage,
  advancedStep,
  filterSteps,
  ONBOARDING_STEPS,
  onboardingUserDataSchema,
  personalizeSteps,
  preferredFeatureSchema,
  primaryGoalSchema,
  SESSION_STEP_LIMIT,
  stepById,
  useCaseSchema,
  type OnboardingUserData,
  type StepId,
} from '../../shared/onboarding';

const userData = (over: Partial<OnboardingUserData> = {}): OnboardingUserData =>
  onboardingUserDataSchema.parse({
    useCase: 'personal',
    experienceLevel: 'beginner',
    primaryGoal: 'learning',
    ...over,
  });

const anyUserData = fc.record({
  useCase: fc.constantFrom(...useCaseSchema.options),
  experienceLevel: fc.constantFrom(
    'beginner' as const,
    'intermediate' as const,
    'advanced' as const,
  ),
  primaryGoal: fc.constantFrom(...primaryGoalSchema.options),
  preferredFeatures: fc.uniqueArray(fc.constantFrom(...preferredFeatureSchema.options)),
  timeAvailability: fc.constant('moderate' as const),
});

const REQUIRED: StepId[] = ['welcome', 'profile-basics'];
const SOCIAL: StepId[] = ['social-connections', 'first-post'];

describe('the default steps', () => {
  it('are the seven of 000 §3, welcome and profile basics required, in order', () => {
    expect(ONBOARDING_STEPS.map((s) => [s.id, s.isRequired, s.order])).toEqual([
      ['welcome', true, 1],
      ['profile-basics', true, 2],
      ['avatar-upload', false, 3],
      ['security-setup', false, 4],
      ['social-connections', false, 5],
      ['preferences', false, 6],
      ['first-post', false, 7],
    ]);
    for (const step of ONBOARDING_STEPS) {
      expect(step.title).not.toBe('');
      expect(step.description).not.toBe('');
    }
  });

  it('defaults the time availability to moderate', () => {
    expect(userData().timeAvailability).toBe('moderate');
  });
});

describe('the personalization filters', () => {
  it('keeps every step for a personal member', () => {
    expect(filterSteps(userData()).map((s) => s.id)).toHaveLength(7);
  });

  it.each(['business', 'developer'] as const)(
    'drops the social steps for a %s member unless the goal is networking',
    (useCase) => {
      const ids = filterSteps(userData({ useCase, primaryGoal: 'business' })).map((s) => s.id);
      expect(ids).toEqual([
        'welcome',
        'profile-basics',
        'avatar-upload',
        'security-setup',
        'preferences',
      ]);
      const networking = filterSteps(userData({ useCase, primaryGoal: 'networking' }));
      expect(networking.map((s) => s.id)).toEqual(expect.arrayContaining(SOCIAL));
    },
  );

  it('keeps only the security and profile steps for an enterprise member', () => {
    const ids = personalizeSteps(userData({ useCase: 'enterprise', primaryGoal: 'networking' }));
    expect(ids).toEqual(['welcome', 'profile-basics', 'avatar-upload', 'security-setup']);
  });

  it('puts the social steps first after the required ones for a networking goal', () => {
    expect(personalizeSteps(userData({ primaryGoal: 'networking' }))).toEqual([
      'welcome',
      'profile-basics',
      'social-connections',
      'first-post',
      'avatar-upload',
    ]);
  });

  it('cuts the list to five, choosing the steps of the preferred features', () => {
    expect(personalizeSteps(userData())).toEqual([
      'welcome',
      'profile-basics',
      'avatar-upload',
      'security-setup',
      'social-connections',
    ]);
    expect(personalizeSteps(userData({ preferredFeatures: ['posts', 'settings'] }))).toEqual([
      'welcome',
      'profile-basics',
      'avatar-upload',
      'preferences',
      'first-post',
    ]);
  });

  it('always keeps the required steps first, at most five steps, each once, none filtered out', () => {
    fc.assert(
      fc.property(anyUserData, (data) => {
        const ids = personalizeSteps(data);
        const allowed = new Set(filterSteps(data).map((s) => s.id));
        expect(ids.slice(0, 2)).toEqual(REQUIRED);
        expect(ids.length).toBeLessThanOrEqual(SESSION_STEP_LIMIT);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.every((id) => allowed.has(id))).toBe(true);
        // As many steps as the filters leave, up to the limit.
        expect(ids.length).toBe(Math.min(allowed.size, SESSION_STEP_LIMIT));
        if (data.useCase === 'enterprise') {
          expect(ids.every((id) => stepById(id).category !== 'social')).toBe(true);
        }
        if (data.primaryGoal === 'networking') {
          const optional = ids.slice(2);
          const social = optional.filter((id) => stepById(id).category === 'social');
          expect(optional.slice(0, social.length)).toEqual(social);
        }
      }),
    );
  });
});

describe('the percentage and the current step', () => {
  it('is round((completed + skipped) / total * 100)', () => {
    expect(completionPercentage(0, 0, 5)).toBe(0);
    expect(completionPercentage(1, 0, 3)).toBe(33);
    expect(completionPercentage(1, 1, 3)).toBe(67);
    expect(completionPercentage(5, 2, 7)).toBe(100);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.nat(7), fc.nat(7), (total, c, s) => {
        const completed = Math.min(c, total);
        const skipped = Math.min(s, total - completed);
        const percentage = completionPercentage(completed, skipped, total);
        expect(percentage).toBe(Math.round(((completed + skipped) / total) * 100));
        expect(percentage === 100).toBe(completed + skipped === total);
      }),
    );
  });

  it('advances the current step by one for each action, never past the last', () => {
    expect(advancedStep(1, 5)).toBe(2);
    expect(advancedStep(4, 5)).toBe(5);
    expect(advancedStep(5, 5)).toBe(5);
  });
});
