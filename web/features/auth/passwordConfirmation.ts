import { validationMessages } from '../../../shared/auth/messages';

/**
 * The confirmation's own message. The shared schema checks equality only once every other field
 * is valid; asking here too lets "Passwords do not match" show alongside the other errors.
 */
export function confirmationError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return validationMessages.confirmRequired;
  if (confirmation !== password) return validationMessages.passwordsDoNotMatch;
  return undefined;
}
