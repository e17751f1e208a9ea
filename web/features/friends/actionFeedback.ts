import { toast } from 'sonner';
import { apiErrorOf } from '../../lib/formErrors';

/**
 * Runs a friend action and reports it in a toast: the success text, or the server's own message
 * (e.g. 'Request limit exceeded') with a fallback for network failures. Resolves to whether it
 * succeeded, so a card can reset its own state.
 */
export async function withFeedback(
  action: () => Promise<unknown>,
  texts: { success: string; failure: string },
): Promise<boolean> {
  try {
    await action();
    toast.success(texts.success);
    return true;
  } catch (failure) {
    toast.error(apiErrorOf(failure)?.message ?? texts.failure);
    return false;
  }
}
