import type { OnboardingUserData, PreferredFeature } from './schemas';
import { ONBOARDING_STEPS, type OnboardingStep, type StepId } from './steps';

/**
 * At most this many steps per session (000 §9). A session is one run of the wizard, from
 * start to completion: the step list is chosen when onboarding starts and never grows, so the
 * percentage always counts the same total. The steps left out stay reachable where they live
 * (the profile editor, settings, the feed).
 */
export const SESSION_STEP_LIMIT = 5;

/** The optional steps a preferred feature speaks for, to rank them when the list is cut. */
const STEPS_FOR_FEATURE: Record<PreferredFeature, readonly StepId[]> = {
  messaging: ['social-connections'],
  friends: ['social-connections'],
  posts: ['first-post'],
  notifications: ['preferences'],
  settings: ['preferences'],
  profile: ['avatar-upload'],
  security: ['security-setup'],
  analytics: [],
};

const isSocial = (step: OnboardingStep) => step.category === 'social';

/**
 * The personalization filters of 000 §4. Business and developer members drop the social steps
 * unless their goal is networking; enterprise members keep only security and profile steps.
 * Required steps always stay.
 */
export function filterSteps(userData: OnboardingUserData): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => {
    if (step.isRequired) return true;
    if (userData.useCase === 'enterprise') {
      return step.category === 'security' || step.category === 'profile';
    }
    if (userData.useCase === 'business' || userData.useCase === 'developer') {
      return !isSocial(step) || userData.primaryGoal === 'networking';
    }
    return true;
  });
}

/**
 * The member's steps for this session, in the order the wizard shows them: the filtered list cut
 * to `SESSION_STEP_LIMIT`, keeping every required step, then the optional steps a networking goal
 * or a preferred feature asks for, then the rest in their default order. The required steps open
 * the wizard (welcome comes first); a networking goal puts the social steps first after them.
 */
export function personalizeSteps(userData: OnboardingUserData): StepId[] {
  const networking = userData.primaryGoal === 'networking';
  const preferred = new Set(userData.preferredFeatures.flatMap((f) => STEPS_FOR_FEATURE[f]));
  const steps = filterSteps(userData);
  const required = steps.filter((step) => step.isRequired);
  const rank = (step: OnboardingStep) =>
    (networking && isSocial(step) ? 0 : 2) + (preferred.has(step.id) ? 0 : 1);
  const optional = steps
    .filter((step) => !step.isRequired)
    .sort((a, b) => rank(a) - rank(b) || a.order - b.order)
    .slice(0, Math.max(0, SESSION_STEP_LIMIT - required.length))
    .sort((a, b) => {
      const social = networking ? Number(isSocial(b)) - Number(isSocial(a)) : 0;
      return social || a.order - b.order;
    });
  return [...required, ...optional].map((step) => step.id);
}

/** 000 §9: round((completed + skipped) / total * 100). */
export function completionPercentage(completed: number, skipped: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round(((completed + skipped) / total) * 100);
}

/**
 * 000 §4: each action (a step completed or skipped) advances the 1-based current step by one,
 * whichever step it was, and never past the last.
 */
export function advancedStep(currentStep: number, totalSteps: number): number {
  return Math.max(1, Math.min(currentStep + 1, totalSteps));
}
