import { z } from 'zod';

/** The default steps of 000 §3, in their order. */
export const ONBOARDING_STEP_IDS = [
  'welcome',
  'profile-basics',
  'avatar-upload',
  'security-setup',
  'social-connections',
  'preferences',
  'first-post',
] as const;
export const stepIdSchema = z.enum(ONBOARDING_STEP_IDS);
export type StepId = z.infer<typeof stepIdSchema>;

export const STEP_CATEGORIES = ['profile', 'security', 'social', 'preferences'] as const;
export type StepCategory = (typeof STEP_CATEGORIES)[number];

/** The onboarding step of 000 §3 as it is defined; whether it is done lives in the progress. */
export interface OnboardingStep {
  id: StepId;
  title: string;
  description: string;
  isRequired: boolean;
  /** Which screen of the wizard shows it. */
  component: string;
  /** 1-based place in the default list. */
  order: number;
  category: StepCategory;
}

export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Agora',
    description: 'A quick tour of what you can do here and how the next steps help you.',
    isRequired: true,
    component: 'WelcomeStep',
    order: 1,
    category: 'profile',
  },
  {
    id: 'profile-basics',
    title: 'Profile basics',
    description: 'Tell people who you are: your display name, a short bio, location and job.',
    isRequired: true,
    component: 'ProfileBasicsStep',
    order: 2,
    category: 'profile',
  },
  {
    id: 'avatar-upload',
    title: 'Add a profile photo',
    description: 'Upload a picture so friends recognise you.',
    isRequired: false,
    component: 'AvatarUploadStep',
    order: 3,
    category: 'profile',
  },
  {
    id: 'security-setup',
    title: 'Secure your account',
    description: 'Choose a strong password and learn about two-factor authentication.',
    isRequired: false,
    component: 'SecuritySetupStep',
    order: 4,
    category: 'security',
  },
  {
    id: 'social-connections',
    title: 'Find people',
    description: 'Follow members and send friend requests to people you may know.',
    isRequired: false,
    component: 'SocialConnectionsStep',
    order: 5,
    category: 'social',
  },
  {
    id: 'preferences',
    title: 'Your preferences',
    description: 'Pick the notifications you want and the theme you like.',
    isRequired: false,
    component: 'PreferencesStep',
    order: 6,
    category: 'preferences',
  },
  {
    id: 'first-post',
    title: 'Share your first post',
    description: 'Say hello to the community with a first post.',
    isRequired: false,
    component: 'FirstPostStep',
    order: 7,
    category: 'social',
  },
];

const byId = new Map(ONBOARDING_STEPS.map((step) => [step.id, step]));

export function stepById(id: StepId): OnboardingStep {
  const step = byId.get(id);
  if (!step) throw new Error(`Unknown onboarding step ${id}`);
  return step;
}
