import { toast } from 'sonner';
import { apiErrorOf } from './formErrors';

/** Spec 001 §8: saving settings confirms with this title. */
export const SETTINGS_SAVED = 'Settings Saved';
export const SAVE_FAILED = 'Failed to save settings. Please try again.';

/** The server's own text for a failed request when it sent one, else the fallback. */
export function failureMessage(failure: unknown, fallback: string): string {
  return apiErrorOf(failure)?.message ?? fallback;
}

export function toastSettingsSaved(description: string): void {
  toast.success(SETTINGS_SAVED, { description });
}

export function toastFailure(failure: unknown, fallback: string): void {
  toast.error(failureMessage(failure, fallback));
}
