import { CompiledQuery } from 'kysely';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/schema';
import { limitExceeded } from './errors';

/** The table every limit keeps its counts in (migrations/20261125T120000-rate-limits.ts). */
const TABLE = 'rate_limits';

export interface LimitRule {
  /** Unique among the limits: the prefix of its keys in the shared table. */
  name: string;
  /** What one key may spend in a window; 0 turns the limit off. */
  points: number;
  /** The window opens with a key's first request and lasts this long. */
  windowSeconds: number;
  /** The refusal's stable code and text. */
  code: string;
  message: string;
}

export interface RateLimit {
  /**
   * Spends `cost` of the key's points, or refuses with `limit-exceeded` (429, Retry-After until
   * the window ends) and spends nothing: a batch too big for what is left does not use it up.
   */
  take(key: string, cost?: number): Promise<void>;
  /**
   * Refuses as `take` would once the key's points are all spent, spending none: for limits that
   * count failures, checked before an attempt and taken only when it fails.
   */
  check(key: string): Promise<void>;
}

/**
 * The library's Postgres store runs `query({ text, values })` on the client it is given. Handing
 * it our Kysely instance instead of a pg pool of its own keeps its statements on the process's
 * one pool (and its shared round trips), and its connections counted in `DB_POOL_SIZE`.
 */
function storeClient(db: Db) {
  return {
    async query({ text, values = [] }: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      const affected = result.numAffectedRows;
      return {
        rows: result.rows,
        rowCount: affected === undefined ? result.rows.length : Number(affected),
      };
    },
  };
}

const unlimited: RateLimit = { take: async () => undefined, check: async () => undefined };

/**
 * A limit counted in Postgres (rate-limiter-flexible), so every process of the deployment shares
 * one count per key: a fixed window per key, refused with Retry-After once its points are spent.
 */
export function createRateLimit(db: Db, rule: LimitRule): RateLimit {
  if (rule.points === 0) return unlimited;
  const limiter = new RateLimiterPostgres({
    storeClient: storeClient(db),
    // Not a pg Pool or Client by name: the library then sends `query` to the object itself.
    storeType: 'client',
    tableName: TABLE,
    // The migration created it: processes starting together never race on DDL.
    tableCreated: true,
    // Its timer would outlive the pool; `pruneRateLimits` runs in a worker instead.
    clearExpiredByTimeout: false,
    keyPrefix: rule.name,
    points: rule.points,
    duration: rule.windowSeconds,
  });
  return {
    async take(key, cost = 1) {
      try {
        await limiter.consume(key, cost);
      } catch (outcome) {
        // The library rejects with its result when the points are spent, with an Error otherwise.
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        await limiter.reward(key, cost);
        throw limitExceeded(rule.code, rule.message, Math.ceil(outcome.msBeforeNext / 1000));
      }
    },
    async check(key) {
      const spent = await limiter.get(key);
      if (spent && spent.remainingPoints <= 0 && spent.msBeforeNext > 0) {
        throw limitExceeded(rule.code, rule.message, Math.ceil(spent.msBeforeNext / 1000));
      }
    },
  };
}

/** Deletes the counts of windows that have ended; a key seen again starts a new one. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expire', '<', Date.now()).execute();
  return Number(result[0]?.numDeletedRows ?? 0);
}
