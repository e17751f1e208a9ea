import { DELETE_CONFIRMATION, accountMessages } from '../../../shared/account';
import { apiErrorOf } from '../../lib/formErrors';

/** What deleting removes, as the dialog lists it before the member confirms. */
export const WHAT_IS_REMOVED = [
  'Your profile, account and sign-in sessions',
  'Your posts, comments, likes and saved posts',
  'Your messages and the conversations you are in',
  'Your friends, friend requests and blocks',
  'Your notifications and settings',
  'Your uploaded files',
] as const;

/** The destructive button is offered only with a password and the exact confirmation word. */
export function canConfirmDeletion(password: string, confirmation: string): boolean {
  return password.length > 0 && confirmation === DELETE_CONFIRMATION;
}

export interface DeletionFailure {
  password?: string;
  confirmation?: string;
  general?: string;
}

/** A refusal placed where the member can act on it: a wrong password under the password. */
export function deletionFailureOf(failure: unknown): DeletionFailure {
  const error = apiErrorOf(failure);
  if (!error) return { general: accountMessages.deleteFailed };
  if (error.code === 'wrong-password') return { password: error.message };
  if (error.fields?.confirmation) return { confirmation: error.fields.confirmation };
  return { general: error.message };
}
