import { sql } from 'kysely';
import type { ProfileEdit } from '../../../shared/profiles';
import { DEFAULT_PROFILE_CARD_SETTINGS } from '../../../shared/profiles';
import type { MeaningCatalogue } from '../../core/meaning-catalogue';
import { qb, statement, type Statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';
import { PROFILE_COLUMNS } from './profile-fields';
import { eraseMemberProfile } from './profiles-erasure';

const JSON_FIELDS = new Set([
  'skills',
  'interests',
  'languages',
  'certifications',
  'experience',
  'education',
  'socialLinks',
]);

/** The profile columns an edit sets, lists as JSON text; `displayName` is the users row's. */
function columnsOf(changes: ProfileEdit): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PROFILE_COLUMNS)) {
    const value = changes[field as keyof ProfileEdit];
    if (value === undefined) continue;
    set[column] = JSON_FIELDS.has(field) ? JSON.stringify(value) : value;
  }
  return set;
}

/** Every change of the profile bumps its version, which its pushes and answers carry. */
function bump(userId: string, at: Date, set: Record<string, unknown> = {}): Statement {
  return statement(
    qb
      .updateTable('profiles')
      .set({ ...set, version: sql`version + 1`, updated_at: at })
      .where('user_id', '=', userId),
  );
}

/**
 * The `profiles` read model: a row for every member who joins (the new-profile defaults of
 * 002 §3), then edits, card switches, avatar and banner; gone with the member's account. Name
 * and avatar URL are columns of `users`, which the accounts projection owns and empties before a
 * rebuild: this one only sets them, as the privacy projection does.
 */
export function profilesProjection(meanings: MeaningCatalogue): Projection {
  return {
    name: 'profiles',
    tables: ['profiles'],
    handles: [
      ...meanings.typesDeclaring('joins'),
      'ProfileEdited',
      'ProfileCardSettingsChanged',
      'AvatarChanged',
      'BannerChanged',
      'ProfilePrivacyChanged',
      'AccountDeleted',
    ],
    project(event) {
      const at = event.occurredAt;
      switch (event.type) {
        case 'ProfileEdited': {
          const { userId, changes } = event.data;
          return [
            ...(changes.displayName === undefined
              ? []
              : [
                  statement(
                    qb
                      .updateTable('users')
                      .set({ display_name: changes.displayName, updated_at: at })
                      .where('id', '=', userId),
                  ),
                ]),
            bump(userId, at, columnsOf(changes)),
          ];
        }
        case 'ProfileCardSettingsChanged':
          return [
            bump(event.data.userId, at, {
              card_settings: sql`card_settings || ${JSON.stringify(event.data.changes)}::jsonb`,
            }),
          ];
        case 'AvatarChanged':
          return [
            statement(
              qb
                .updateTable('users')
                .set({ avatar: event.data.url, updated_at: at })
                .where('id', '=', event.data.userId),
            ),
            bump(event.data.userId, at, { avatar_file_id: event.data.fileId }),
          ];
        case 'BannerChanged':
          return [
            bump(event.data.userId, at, {
              banner: event.data.url,
              banner_file_id: event.data.fileId,
            }),
          ];
        case 'ProfilePrivacyChanged':
          // The privacy projection sets the column; what each viewer may see has changed.
          return [bump(event.data.userId, at)];
        case 'AccountDeleted':
          return eraseMemberProfile(event.data.userId);
        default: {
          const joined = meanings.joins(event);
          return joined
            ? [
                statement(
                  qb.insertInto('profiles').values({
                    user_id: joined,
                    card_settings: JSON.stringify(DEFAULT_PROFILE_CARD_SETTINGS),
                    updated_at: at,
                  }),
                ),
              ]
            : [];
        }
      }
    },
  };
}
