import { apiErrorOf } from './formErrors';

/** What the server said about a failed RTK Query call: its first field message, else its message. */
export function errorDetail(failure: unknown): string | undefined {
  const error = apiErrorOf(failure);
  if (!error) return undefined;
  return (error.fields ? Object.values(error.fields)[0] : undefined) ?? error.message;
}
