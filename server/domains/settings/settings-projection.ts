import { sql, type Updateable } from 'kysely';
import type { EventData } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { MemberSettingsTable } from '../../db/tables/member-settings';
import type { Projection } from '../../eventstore/projection';
import { applySettingsChanges, presentSettings, settingsColumns } from './member-settings';

/** The columns an event changes, and nothing else. */
function changedColumns({
  notifications: n,
  appearance: a,
}: EventData<'MemberSettingsChanged'>): Updateable<MemberSettingsTable> {
  return {
    ...(n?.email !== undefined ? { email_notifications: n.email } : {}),
    ...(n?.push !== undefined ? { push_notifications: n.push } : {}),
    ...(n?.sms !== undefined ? { sms_notifications: n.sms } : {}),
    ...(n?.marketing !== undefined ? { marketing_emails: n.marketing } : {}),
    ...(a?.theme !== undefined ? { theme: a.theme } : {}),
    ...(a?.fontSize !== undefined ? { font_size: a.fontSize } : {}),
  };
}

/**
 * `member_settings` from `MemberSettingsChanged`. The event carries only what changed, so a first
 * change inserts the defaults with it and a later one sets just its own columns: nothing is read
 * in JavaScript between statements, and a rebuild folds the same rows.
 */
export const memberSettingsProjection: Projection = {
  name: 'member-settings',
  tables: ['member_settings'],
  handles: ['MemberSettingsChanged', 'AccountDeleted'],
  project(event) {
    if (event.type === 'AccountDeleted') {
      return [statement(qb.deleteFrom('member_settings').where('user_id', '=', event.data.userId))];
    }
    if (event.type !== 'MemberSettingsChanged') return [];
    const { userId, notifications, appearance } = event.data;
    const first = applySettingsChanges(presentSettings(undefined), { notifications, appearance });
    return [
      statement(
        qb
          .insertInto('member_settings')
          .values({ user_id: userId, ...settingsColumns(first), version: first.version })
          .onConflict((conflict) =>
            conflict.column('user_id').doUpdateSet({
              ...changedColumns(event.data),
              version: sql<number>`member_settings.version + 1`,
            }),
          ),
      ),
    ];
  },
};
