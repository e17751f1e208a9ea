import type pg from 'pg';
import { DomainError } from '../core/errors';
import { readWithSettings } from './local-settings';
import type { Db } from './schema';
import type { Statement } from './statement';

type PgResult = pg.QueryResult<Record<string, unknown>>;

/** Postgres's `query_canceled`: what a statement timeout raises. */
const QUERY_CANCELED = '57014';

/** A search is interactive: past this it answers that it took too long instead of waiting. */
export const SEARCH_TIMEOUT_MS = 2000;

/** What a search cut off by its timeout answers: `503 search-timeout`, try again. */
export const searchTimedOut = () =>
  new DomainError(
    'unavailable',
    'search-timeout',
    'The search took too long. Try more specific words, or try again in a moment.',
    undefined,
    1,
  );

/**
 * Reads Postgres itself stops after `ms`, so a read that cannot finish in time never keeps
 * running on the server after its request was answered. The limit is set with the reads in one
 * pipeline (`readWithSettings`): one round trip, and nothing else on the connection is limited.
 * Each read is planned for its own values, unless `keepPlans` says their best plan does not
 * depend on them. The pipeline is not shared with other callers' reads, which the limit would
 * cut off too. A read cut off rejects with `timedOut()`; one result per read, in order.
 */
export async function readWithin(
  db: Db,
  ms: number,
  reads: readonly Statement[],
  {
    timedOut = searchTimedOut,
    keepPlans = false,
  }: { timedOut?: () => Error; keepPlans?: boolean } = {},
): Promise<PgResult[]> {
  // A search's best plan usually depends on its words (how many posts hold them), which a generic
  // plan of a prepared statement cannot know: each run is planned for its own values unless the
  // caller keeps plans (ranking ids already found reads them by key whatever they are).
  const settings: Record<string, string> = { statement_timeout: String(ms) };
  if (!keepPlans) settings.plan_cache_mode = 'force_custom_plan';
  try {
    return await readWithSettings(db, settings, reads);
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) throw timedOut();
    throw error;
  }
}
