import { z } from 'zod';
import { validationMessages } from '../auth/messages';
import { passwordField } from '../auth/schemas';

/** What the member types to confirm that their account is to be deleted. */
export const DELETE_CONFIRMATION = 'DELETE';

export const deleteAccountSchema = z.strictObject({
  password: passwordField(validationMessages.passwordRequired),
  confirmation: z.string().max(100),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The texts of Download My Data and Delete Account. */
export const accountMessages = {
  confirmationMismatch: `Type ${DELETE_CONFIRMATION} to confirm that your account is to be deleted.`,
  wrongPassword: 'The password is incorrect.',
  lastOwner: 'You are the only owner. Make another member an owner before deleting your account.',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  exportsLimited: 'You have downloaded your data several times this hour. Please try again later.',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  preparingExport: 'Preparing…',
} as const;

/** The name a member's export is saved under: the day it was made. */
export function exportFileName(at: Date): string {
  return `agora-data-${at.toISOString().slice(0, 10)}.zip`;
}
