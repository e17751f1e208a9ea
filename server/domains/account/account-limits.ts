import { accountMessages } from '../../../shared/account';
import type { Config } from '../../config';
import { createRateLimit, type RateLimit } from '../../core/rate-limits';
import type { Db } from '../../db/schema';

/** Downloads of one member's data per hour: each reads all of it and streams every file. */
export function exportLimit(db: Db, config: Config): RateLimit {
  return createRateLimit(db, {
    name: 'exports-per-member',
    points: config.EXPORTS_PER_MEMBER_PER_HOUR,
    windowSeconds: 60 * 60,
    code: 'rate-limited',
    message: accountMessages.exportsLimited,
  });
}
