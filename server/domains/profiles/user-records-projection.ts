import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { eraseMemberRecords } from './profiles-erasure';

/** Each member's uuidv7 mapping and the last value of their sequence. */
export const userRecordsProjection: Projection = {
  name: 'user-records',
  tables: ['user_mappings', 'user_sequences'],
  handles: ['UserMappingRecorded', 'UserSequenceAdvanced', 'AccountDeleted'],
  project(event) {
    switch (event.type) {
      case 'UserMappingRecorded':
        return [
          statement(
            qb.insertInto('user_mappings').values({
              user_id: event.data.userId,
              uuidv7: event.data.uuidv7,
              email: event.data.email,
              created_at: new Date(event.data.createdAt),
            }),
          ),
        ];
      case 'UserSequenceAdvanced':
        return [
          statement(
            qb
              .insertInto('user_sequences')
              .values({ user_id: event.data.userId, value: event.data.value })
              .onConflict((oc) => oc.column('user_id').doUpdateSet({ value: event.data.value })),
          ),
        ];
      case 'AccountDeleted':
        return eraseMemberRecords(event.data.userId);
      default:
        return [];
    }
  },
};
