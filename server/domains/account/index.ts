import { sql } from 'kysely';
import type { DomainModule } from '../../core/module';
import { accountPusher } from './account-pusher';
import { accountRoutes } from './routes';

/**
 * The member's own data and account: Download My Data (a streamed zip of everything theirs) and
 * Delete Account (`AccountDeleted`, which each domain's projections answer by dropping what was
 * the member's, and the redaction of their personal data in the log; see docs/erasure.md).
 */
export const accountModule: DomainModule = {
  name: 'account',
  meanings: {
    events: {
      AccountDeleted: {
        leaves: ({ userId }) => userId,
        // Whose counts moved is no longer in the read models once the member's rows are gone:
        // every member's badges are recounted (only those whose counts changed are pushed).
        badges: () => ({
          recount: { query: sql<{ user_id: string }>`select user_id from badges` },
        }),
      },
    },
  },
  routes: accountRoutes,
  pushers: () => [accountPusher],
};
