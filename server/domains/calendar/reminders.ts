import { sql } from 'kysely';
import { appendTo, defineCommand } from '../../core/command';
import { systemContext } from '../../core/context';
import { first, rows, streamVersion } from '../../core/reads';
import type { CommandRunner } from '../../core/command-runner';
import type { Db } from '../../db/schema';
import { qb } from '../../db/statement';
import { queueEmail, templateRead } from '../email/outbox';
import { eventReminderTemplate } from '../email/templates';
import { settingAllows } from '../settings/settings-read';
import { formatPlace, formatStart } from './event-email';
import { calendarEventStreamId } from './streams';

/** Events whose reminders one tick sends at most; the rest wait for the next tick. */
const EVENTS_PER_TICK = 100;

export interface RemindersConfig {
  publicUrl: string;
}

/**
 * Queues the reminder email of one event to each attendee not reminded yet, and records them
 * (`EventRemindersSent`) in the same transaction, so each attendee gets exactly one whatever
 * process sends it: the append is at the event stream's version read, and a second process
 * sending at once meets it, reads again and finds nobody left. An attendee who turned emails
 * off is recorded too, without an email.
 */
export function remindersCommand({ publicUrl }: RemindersConfig) {
  return defineCommand({
    name: 'calendar.remind',
    load: ({ eventId }: { eventId: string }) => ({
      version: streamVersion(calendarEventStreamId(eventId)),
      event: first(
        qb
          .selectFrom('calendar_events')
          .select(['id', 'title', 'date', 'time', 'time_zone', 'type', 'location'])
          .where('id', '=', eventId)
          .where('cancelled_at', 'is', null),
      ),
      attendees: rows(
        qb
          .selectFrom('event_attendees as a')
          .innerJoin('users as u', 'u.id', 'a.user_id')
          .select([
            'a.user_id',
            'u.email',
            sql<boolean>`(u.status = 'active' and ${settingAllows(sql.ref('u.id'), 'email')})`.as(
              'wants_email',
            ),
          ])
          .where('a.event_id', '=', eventId)
          .where('a.reminded_at', 'is', null)
          .orderBy('a.user_id'),
      ),
      template: templateRead(eventReminderTemplate.name),
    }),
    decide({ version, event, attendees, template }) {
      if (!event || attendees.length === 0) return { result: 0 };
      const data = {
        eventTitle: event.title,
        eventStart: formatStart(event),
        eventLocation: formatPlace(event),
        eventUrl: `${publicUrl}/events?event=${event.id}`,
      };
      const emailed = attendees.filter((a) => a.wants_email);
      return {
        appends: [
          appendTo(calendarEventStreamId(event.id), version, [
            {
              type: 'EventRemindersSent',
              data: { eventId: event.id, userIds: attendees.map((a) => a.user_id) },
            },
          ]),
        ],
        effects: emailed.flatMap((a) => queueEmail(template, a.email, data)),
        result: emailed.length,
      };
    },
  });
}

/**
 * Sends the reminders that are due: every event not cancelled that starts within `hours` of now
 * and has an attendee not reminded yet, one command per event. Answers the emails queued.
 */
export async function sendDueReminders(
  deps: { db: Db; commands: CommandRunner },
  remind: ReturnType<typeof remindersCommand>,
  hours: number,
): Promise<number> {
  const due = await deps.db
    .selectFrom('calendar_events as e')
    .select('e.id')
    .where('e.cancelled_at', 'is', null)
    .where('e.starts_at', '>', sql<Date>`now()`)
    .where('e.starts_at', '<=', sql<Date>`now() + make_interval(hours => ${hours})`)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_attendees as a')
          .select('a.user_id')
          .whereRef('a.event_id', '=', 'e.id')
          .where('a.reminded_at', 'is', null),
      ),
    )
    .orderBy('e.starts_at')
    .limit(EVENTS_PER_TICK)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    sent += await deps.commands.run(remind, { eventId: id }, systemContext());
  }
  return sent;
}
