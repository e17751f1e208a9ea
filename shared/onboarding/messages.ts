/** The texts of onboarding: 000 §8, and the refusals of the API. */
export const onboardingMessages = {
  startFailed: 'Failed to start onboarding',
  skipFailed: 'Failed to skip step',
  completeStepFailed: 'Failed to complete step',
  loadFailed: 'Unable to load onboarding',
  completed: 'Onboarding completed!',
  welcome: 'Welcome to Agora! Your profile is ready.',
  goToLogin: 'Go to Login',
  notYours: 'You can only change your own onboarding',
  notYoursToRead: "Only an owner can see another member's onboarding",
  ownerOnly: 'Owner Account is only available to an owner',
  notStarted: 'Onboarding has not been started',
  unknownStep: 'Unknown onboarding step',
  stepNotInSession: 'This step is not part of your onboarding',
  requiredStep: 'This step is required and cannot be skipped',
  requiredPending: 'Complete every required step first',
  alreadyCompleted: 'Onboarding is already completed',
} as const;
