/** A member's onboarding: started, each step completed or skipped, completed. */
export const onboardingStreamId = (userId: string) => `onboarding-${userId}`;
