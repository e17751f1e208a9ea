/* Texts and constants only, no zod: the live channel and first pages import them. */

/** Texts of spec 001 §4, §5 and §8 for the password change, and ours for two-factor sign-in. */
export const passwordChangeMessages = {
  requirementsNotMet: 'Please ensure all password requirements are met',
  mismatch: 'New passwords do not match',
  sameAsCurrent: 'New password must be different from current password',
  failed: 'Failed to update password. Please try again.',
  success: 'Password updated successfully. Please log in again.',
  updating: 'Updating Password...',
  wrongCurrent: 'Current password is incorrect.',
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  confirmRequired: 'Please confirm your new password',
  rotationRequired: 'You must change your password before you continue.',
} as const;

export const twoFactorMessages = {
  invalidCode: 'Invalid verification code. Please try again.',
  invalidRecoveryCode: 'Invalid recovery code. Please try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notSetUp: 'Start the two-factor setup first.',
  notEnabled: 'Two-factor authentication is not enabled.',
  wrongPassword: 'Incorrect password. Please try again.',
  tooManyAttempts: 'Too many verification attempts. Please try again later.',
  codeRequired: 'Enter the 6-digit code or a recovery code',
  enabled: 'Two-factor authentication enabled.',
  disabled: 'Two-factor authentication disabled.',
} as const;

/** Wrong codes a sign-in challenge takes before it ends; then the member signs in again. */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
