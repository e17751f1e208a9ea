import { toast } from 'sonner';
import { calendarMessages, type CalendarEvent } from '../../../shared/calendar';
import { Button } from '../../components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { apiErrorOf } from '../../lib/formErrors';
import { useCancelEventMutation } from './calendarApi';

/** Cancel, for the organizer or a community manager, after a confirmation. */
export function CancelEventButton({ event }: { event: CalendarEvent }) {
  const [cancel, { isLoading }] = useCancelEventMutation();
  if (!event.canManage || event.status !== 'upcoming') return null;
  const confirm = async () => {
    const result = await cancel(event.id);
    if ('error' in result) {
      toast.error(apiErrorOf(result.error)?.message ?? 'The event could not be cancelled.');
      return;
    }
    toast.success('Event cancelled');
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" disabled={isLoading}>
          Cancel event
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Cancel “{event.title}”?</AlertDialogTitle>
        <AlertDialogDescription>{calendarMessages.cancelConfirm}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction onClick={() => void confirm()}>Cancel event</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
