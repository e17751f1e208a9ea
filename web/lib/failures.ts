import { apiErrorOf } from './formErrors';

/** The server's own text for a failed request, or the fallback for network and other failures. */
export function failureMessage(failure: unknown, fallback: string): string {
  return apiErrorOf(failure)?.message ?? fallback;
}
