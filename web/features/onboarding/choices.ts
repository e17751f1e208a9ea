import type { OnboardingUserData, OwnerSetup, PreferredFeature } from '../../../shared/onboarding';

/** The words the forms show for the values of 000 §3. */
const options = <V extends string>(labels: Record<V, string>) =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));

export const useCaseOptions = options<OnboardingUserData['useCase']>({
  personal: 'Personal',
  business: 'Business',
  developer: 'Developer',
  enterprise: 'Enterprise',
});

export const experienceOptions = options<OnboardingUserData['experienceLevel']>({
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
});

export const goalOptions = options<OnboardingUserData['primaryGoal']>({
  networking: 'Networking',
  'content-creation': 'Content creation',
  learning: 'Learning',
  business: 'Business',
});

export const timeOptions = options<OnboardingUserData['timeAvailability']>({
  minimal: 'A few minutes',
  moderate: 'Moderate',
  extensive: 'Plenty of time',
});

export const featureOptions = options<PreferredFeature>({
  messaging: 'Messaging',
  posts: 'Posts',
  friends: 'Friends',
  notifications: 'Notifications',
  profile: 'Profile',
  settings: 'Settings',
  analytics: 'Analytics',
  security: 'Security',
});

export const industryOptions = options<OwnerSetup['industry']>({
  technology: 'Technology',
  finance: 'Finance',
  healthcare: 'Healthcare',
  education: 'Education',
  retail: 'Retail',
  other: 'Other',
});

export const teamSizeOptions = options<OwnerSetup['teamSize']>({
  '1-10': '1-10',
  '11-50': '11-50',
  '51-200': '51-200',
  '200+': '200+',
});

export const ownerUseCaseOptions = options<OwnerSetup['primaryUseCase']>({
  testing: 'Testing',
  demo: 'Demo',
  internal: 'Internal',
  customer: 'Customer',
  other: 'Other',
});
