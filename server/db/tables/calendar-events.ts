import type { Generated } from 'kysely';
import type { CalendarEventKind } from '../../../shared/calendar';

/** A calendar event (`001` §3 Event); its status is derived from `starts_at` and `cancelled_at`. */
export interface CalendarEventsTable {
  id: string;
  title: string;
  description: Generated<string>;
  date: string;
  time: string;
  time_zone: string;
  starts_at: Date;
  location: Generated<string>;
  type: CalendarEventKind;
  max_attendees: number;
  attendees: Generated<number>;
  /** Null for a seeded event (which has `host_name`) and after the organizer's account went. */
  organizer_id: string | null;
  host_name: string | null;
  tags: Generated<string[]>;
  is_featured: Generated<boolean>;
  registration_required: Generated<boolean>;
  community_id: string | null;
  cancelled_at: Date | null;
  created_at: Date;
  version: Generated<number>;
}
