import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { businessAccountColumns } from './business-presenter';

/**
 * `business_accounts` from the account's events: a save writes the whole row (the event carries
 * the whole object), a deletion or the member's own removes it. The row's version is the
 * stream's, so an answer and the read model agree on it.
 */
export const businessAccountsProjection: Projection = {
  name: 'business-accounts',
  tables: ['business_accounts'],
  handles: ['BusinessAccountSaved', 'BusinessAccountDeleted', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'BusinessAccountSaved': {
        const { userId, account, savedAt } = event.data;
        const columns = {
          ...businessAccountColumns(account),
          updated_at: new Date(savedAt),
          version: event.streamVersion,
        };
        return [
          statement(
            qb
              .insertInto('business_accounts')
              .values({ user_id: userId, ...columns })
              .onConflict((conflict) => conflict.column('user_id').doUpdateSet(columns)),
          ),
        ];
      }
      case 'BusinessAccountDeleted':
      case 'AccountDeleted':
        return [
          statement(qb.deleteFrom('business_accounts').where('user_id', '=', event.data.userId)),
        ];
      default:
        return [];
    }
  },
};
