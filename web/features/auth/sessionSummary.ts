import type { SessionSummary } from '../../../shared/auth/schemas';

const SIGNED_OUT: SessionSummary = { isAuthenticated: false };

/**
 * The answer of `GET /api/auth/session`, parsed. A visitor's answer is `{ isAuthenticated: false
 * }` and is known without the schema: parsing it would load zod and every auth schema on a
 * visitor's first page for it alone (docs/performance.md, "A visitor's page without zod"). The
 * value is the one the schema gives (an object's other keys left out); any other answer is
 * parsed by the schema, loaded with its first use.
 */
export async function parseSessionSummary(raw: unknown): Promise<SessionSummary> {
  if (typeof raw === 'object' && raw !== null && 'isAuthenticated' in raw) {
    if (raw.isAuthenticated === false) return SIGNED_OUT;
  }
  const { sessionSummarySchema } = await import('../../../shared/auth/schemas');
  return sessionSummarySchema.parse(raw);
}
