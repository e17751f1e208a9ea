import { apiErrorOf } from '../../../lib/formErrors';

/** The server's own words for a refused request, else the step's fallback text. */
export function failureText(error: unknown, fallback: string): string {
  return apiErrorOf(error)?.message ?? fallback;
}
