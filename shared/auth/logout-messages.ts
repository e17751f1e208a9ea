/**
 * The logout texts of 002 §8. Apart from the other auth texts because the shell, on every first
 * page, needs only these two, and a shared module travels whole into the chunks that import it.
 */
export const logoutMessages = {
  success: 'Logged out successfully',
  failure: 'Failed to logout. Please try again.',
} as const;
