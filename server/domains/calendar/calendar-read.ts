import { sql, type RawBuilder } from 'kysely';
import type { EventsQuery } from '../../../shared/calendar';
import { EVENTS_PAGE_MAX } from '../../../shared/calendar';
import type { Db } from '../../db/schema';
import {
  communityContentVisible,
  isCommunityMember,
  managesCommunity,
} from '../communities/community-policy';
import { member } from '../relations/relations-policy';
import type { CalendarEventRow } from './calendar-presenter';
import { presentEvent } from './calendar-presenter';

/**
 * An event the viewer may see: one outside any community is every member's; one inside needs the
 * community's content to be visible to them (`communityContentVisible`).
 */
export function eventVisibleTo(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`(e.community_id is null
    or ${communityContentVisible(sql.ref('e.community_id'), member(viewerId))})`;
}

/**
 * The viewer may edit and cancel it: its organizer, or a manager of its community. Never null: an
 * event without an organizer (seeded, or its organizer's account deleted) compares as not theirs.
 */
export function eventManagedBy(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`coalesce(e.organizer_id = ${viewerId}::uuid
    or (e.community_id is not null
      and ${managesCommunity(sql.ref('e.community_id'), member(viewerId))}), false)`;
}

/** The viewer may join it: any member outside communities, only its members inside one. */
export function eventJoinableBy(viewerId: string): RawBuilder<boolean> {
  return sql<boolean>`(e.community_id is null
    or ${isCommunityMember(sql.ref('e.community_id'), member(viewerId))})`;
}

/**
 * Events with what the presenter needs for one viewer, from the pool (`db`) for REST or compiled
 * only (`qb`) for a command's reads and replies.
 */
export function eventRows(source: Db, viewerId: string) {
  return source
    .selectFrom('calendar_events as e')
    .leftJoin('users as u', 'u.id', 'e.organizer_id')
    .selectAll('e')
    .select([
      'u.username as organizer_username',
      'u.display_name as organizer_name',
      'u.avatar as organizer_avatar',
      sql<boolean>`exists (select 1 from event_attendees a
        where a.event_id = e.id and a.user_id = ${viewerId}::uuid)`.as('attending'),
      eventManagedBy(viewerId).as('can_manage'),
      eventJoinableBy(viewerId).as('can_join'),
      sql<Date>`now()`.as('read_at'),
    ]);
}

export async function readEvent(db: Db, eventId: string, viewerId: string) {
  const row = (await eventRows(db, viewerId)
    .where('e.id', '=', eventId)
    .where(eventVisibleTo(viewerId))
    .executeTakeFirst()) as CalendarEventRow | undefined;
  return row ? presentEvent(row) : null;
}

/** Characters that would act as wildcards in a search are matched as themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The events of a tab: upcoming (not cancelled, not started; featured first, then soonest),
 * past (started, not cancelled; latest first) or mine (organized or attended, any status;
 * soonest first), in a community or everywhere the viewer may see, matching the search in the
 * title, description, location or tags.
 */
export async function readEvents(db: Db, viewerId: string, query: EventsQuery) {
  let select = eventRows(db, viewerId).where(eventVisibleTo(viewerId));
  if (query.communityId) select = select.where('e.community_id', '=', query.communityId);
  if (query.q) {
    const pattern = likePattern(query.q);
    select = select.where(
      sql<boolean>`(e.title ilike ${pattern} or e.description ilike ${pattern}
        or e.location ilike ${pattern}
        or exists (select 1 from unnest(e.tags) t where t ilike ${pattern}))`,
    );
  }
  if (query.scope === 'upcoming') {
    select = select
      .where('e.cancelled_at', 'is', null)
      .where('e.starts_at', '>', sql<Date>`now()`)
      .orderBy('e.is_featured', 'desc')
      .orderBy('e.starts_at', 'asc');
  } else if (query.scope === 'past') {
    select = select
      .where('e.cancelled_at', 'is', null)
      .where('e.starts_at', '<=', sql<Date>`now()`)
      .orderBy('e.starts_at', 'desc');
  } else {
    select = select
      .where(
        sql<boolean>`(e.organizer_id = ${viewerId}::uuid or exists (select 1 from event_attendees a
          where a.event_id = e.id and a.user_id = ${viewerId}::uuid))`,
      )
      .orderBy('e.starts_at', 'asc');
  }
  const rows = (await select
    .orderBy('e.id')
    .limit(EVENTS_PAGE_MAX)
    .execute()) as CalendarEventRow[];
  return { events: rows.map(presentEvent) };
}

/** Of these events, the ones the member may see: what a watch may follow. */
export async function visibleEventIds(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('calendar_events as e')
    .select('e.id')
    .where('e.id', 'in', ids)
    .where(eventVisibleTo(userId))
    .execute();
  return rows.map((row) => row.id);
}
