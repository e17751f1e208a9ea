import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { statement } from '../../db/statement';
import { readWithin, SEARCH_TIMEOUT_MS } from '../../db/time-limited';

/**
 * At most this many search documents estimated to hold the words: the posts tab reads every
 * match from the GIN index and sorts them, instead of walking `post_search_created` from the
 * newest document. Measured on 500,000 posts: a word in 477 of them (estimated 883) took 15 ms
 * by the walk, which read 28,000 documents to find a page of 21, and 5 ms from the index; a word
 * in 50,000 took 0.6 ms by the walk and 78 ms from the index (docs/performance.md, "A rare word's
 * posts tab read from the index"). Postgres walks in both cases for so short a page: it counts
 * an `@@` test as nearly free.
 */
export const FEW_MATCHES = 1000;

/** An estimate is kept this long: the statistics behind it change at each `ANALYZE`. */
const KEPT_MS = 10 * 60_000;
/** Estimates kept at most; the oldest goes first. */
const KEPT_WORDS = 1000;

const estimates = new Map<string, { few: boolean; until: number }>();

/**
 * Whether `words` (a `to_tsquery` text, `searchWordsOf`) are estimated by Postgres's statistics
 * to match at most `FEW_MATCHES` documents: its planner's row count for them alone, which costs a
 * plan and no read.
 */
export async function hasFewMatches(db: Db, words: string): Promise<boolean> {
  const now = Date.now();
  const kept = estimates.get(words);
  if (kept && kept.until > now) return kept.few;
  // Under the search's own time limit: planning waits for a lock like a read does, and the
  // search must still answer 503 once its time is up.
  const [result] = await readWithin(db, SEARCH_TIMEOUT_MS, [
    statement(sql`explain (format json) select 1 from post_search
      where document @@ to_tsquery('english', ${words})`),
  ]);
  const [plan] = result!.rows[0]!['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }];
  const few = plan.Plan['Plan Rows'] <= FEW_MATCHES;
  estimates.delete(words);
  estimates.set(words, { few, until: now + KEPT_MS });
  if (estimates.size > KEPT_WORDS) estimates.delete(estimates.keys().next().value!);
  return few;
}
