import { toast } from 'sonner';
import { calendarMessages, type CalendarEvent } from '../../../shared/calendar';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../components/ui/button';
import { apiErrorOf } from '../../lib/formErrors';
import { calendarApi, useSetAttendanceMutation } from './calendarApi';
import { attendeesReceived } from './calendarCache';
import { rsvpState } from './eventList';

const FAILED = 'Your answer could not be saved. Please try again.';

export interface RsvpButtonProps {
  event: CalendarEvent;
  /** /events reads 'Join Event' and 'Event Full' (`001` §2 Events); the hub 'RSVP' and 'Full'. */
  labels: { join: string; full: string };
}

/**
 * Join or leave. At capacity it reads 'Event Full' (or 'Full') and is disabled, for attendees too
 * (who then get a Leave beside it); the count comes live, so it turns full on every screen as the
 * last seat goes. The card names the event, so the buttons' own text is their name. A refusal (the last seat went
 * meanwhile, the event was cancelled) is said, and the list reloads.
 */
export function RsvpButton({ event, labels }: RsvpButtonProps) {
  const dispatch = useAppDispatch();
  const [setAttendance, { isLoading }] = useSetAttendanceMutation();
  const state = rsvpState(event);
  if (state === 'closed') return null;

  const answer = async (attend: boolean) => {
    const result = await setAttendance({ id: event.id, attend });
    if ('data' in result && result.data) {
      dispatch(attendeesReceived(result.data));
      return;
    }
    toast.error(apiErrorOf(result.error)?.message ?? FAILED);
    dispatch(calendarApi.util.invalidateTags(['CalendarEvents']));
  };

  if (state === 'leave') {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={isLoading}
        onClick={() => void answer(false)}
        data-testid="rsvp-button"
      >
        {calendarMessages.leaveEvent}
      </Button>
    );
  }
  const full = state === 'full';
  return (
    <>
      {full && event.attending && (
        <Button
          variant="ghost"
          size="sm"
          disabled={isLoading}
          onClick={() => void answer(false)}
          aria-label={`${calendarMessages.leaveEvent} ${event.title}`}
        >
          {calendarMessages.leaveEvent}
        </Button>
      )}
      <Button
        size="sm"
        disabled={full || isLoading}
        onClick={() => void answer(true)}
        data-testid="rsvp-button"
      >
        {full ? labels.full : labels.join}
      </Button>
    </>
  );
}
