import {
  createEventSchema,
  eventFieldIssues,
  type CalendarEventKind,
} from '../../../shared/calendar';
import type { NewEvent } from './calendarApi';

/** The Create Event form as typed: every field a string or what its control holds. */
export interface EventDraft {
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  type: CalendarEventKind;
  maxAttendees: string;
  tags: readonly string[];
  registrationRequired: boolean;
}

export const emptyDraft: EventDraft = {
  title: '',
  description: '',
  date: '',
  time: '',
  location: '',
  type: 'in-person',
  maxAttendees: '50',
  tags: [],
  registrationRequired: false,
};

export type DraftField = keyof EventDraft | 'timeZone';

/**
 * The request the draft makes, or the message under each field that is wrong: the server's own
 * schema and cross-field rules (`eventFieldIssues`), so the form refuses exactly what it would.
 */
export function checkDraft(
  draft: EventDraft,
  context: { timeZone: string; communityId: string | null; now: Date },
): { body: NewEvent } | { errors: Partial<Record<DraftField, string>> } {
  const capacity = draft.maxAttendees.trim() === '' ? Number.NaN : Number(draft.maxAttendees);
  const parsed = createEventSchema.safeParse({
    ...draft,
    tags: [...draft.tags],
    maxAttendees: capacity,
    timeZone: context.timeZone,
    communityId: context.communityId,
  });
  const errors: Partial<Record<DraftField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') errors[field as DraftField] ??= issue.message;
    }
  }
  const { issues } = eventFieldIssues({ ...draft, timeZone: context.timeZone }, context.now);
  for (const [field, message] of Object.entries(issues)) {
    errors[field as DraftField] ??= message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { body: parsed.data };
}
