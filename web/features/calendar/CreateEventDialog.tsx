import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_TAGS_MAX,
  EVENT_TITLE_MAX,
} from '../../../shared/calendar';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { TextField, fieldErrorId } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { apiErrorOf } from '../../lib/formErrors';
import { ChipsInput } from '../../components/ChipsInput';
import { useCreateEventMutation } from './calendarApi';
import { checkDraft, emptyDraft, type DraftField, type EventDraft } from './eventForm';
import { viewerTimeZone } from './eventTime';

const FAILED = 'The event could not be created. Please try again.';

/**
 * Create Event: title, description, date, time (in the member's own time zone), in person or
 * online, location, capacity, tags and registration required. Checked as the server checks it
 * before anything is sent; the server's refusals land under their fields.
 */
export function CreateEventDialog({ communityId = null }: { communityId?: string | null }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<EventDraft>(emptyDraft);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateEventMutation();
  const id = useId();
  const timeZone = viewerTimeZone();

  const set = <K extends keyof EventDraft>(field: K, value: EventDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const checked = checkDraft(draft, { timeZone, communityId, now: new Date() });
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const result = await create(checked.body);
    if ('error' in result) {
      const refusal = apiErrorOf(result.error);
      if (refusal?.fields) setErrors(refusal.fields as Partial<Record<DraftField, string>>);
      setGeneral(refusal?.message ?? FAILED);
      return;
    }
    toast.success('Event created');
    setDraft(emptyDraft);
    setErrors({});
    setOpen(false);
  };

  const field = (name: DraftField) => `${id}-${name}`;
  const describedBy = (name: DraftField) => (errors[name] ? fieldErrorId(field(name)) : undefined);
  const errorText = (name: DraftField) =>
    errors[name] && (
      <p id={fieldErrorId(field(name))} className="text-[0.8rem] font-medium text-destructive">
        {errors[name]}
      </p>
    );
  const textareaClass =
    'w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden /> Create Event
      </Button>
      <DialogContent className="max-h-[90svh] overflow-y-auto" data-testid="create-event-dialog">
        <DialogTitle>Create Event</DialogTitle>
        <DialogDescription>
          Date and time are in your time zone ({timeZone}); everyone sees them in theirs.
        </DialogDescription>
        <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <TextField
            id={field('title')}
            label="Title"
            value={draft.title}
            maxLength={EVENT_TITLE_MAX}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            required
          />
          <div className="grid gap-2">
            <Label htmlFor={field('description')}>Description</Label>
            <textarea
              id={field('description')}
              rows={3}
              value={draft.description}
              maxLength={EVENT_DESCRIPTION_MAX}
              onChange={(e) => set('description', e.target.value)}
              aria-describedby={describedBy('description')}
              className={textareaClass}
            />
            {errorText('description')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id={field('date')}
              label="Date"
              type="date"
              value={draft.date}
              onChange={(e) => set('date', e.target.value)}
              error={errors.date}
              required
            />
            <TextField
              id={field('time')}
              label="Time"
              type="time"
              value={draft.time}
              onChange={(e) => set('time', e.target.value)}
              error={errors.time ?? errors.timeZone}
              required
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Type</legend>
            <div className="flex gap-4">
              {(['in-person', 'online'] as const).map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={field('type')}
                    value={type}
                    checked={draft.type === type}
                    onChange={() => set('type', type)}
                    className="size-4 accent-primary"
                  />
                  {type === 'in-person' ? 'In person' : 'Online'}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            id={field('location')}
            label={draft.type === 'online' ? 'Link (optional)' : 'Location'}
            value={draft.location}
            placeholder={draft.type === 'online' ? 'https://' : ''}
            onChange={(e) => set('location', e.target.value)}
            error={errors.location}
          />
          <TextField
            id={field('maxAttendees')}
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={EVENT_CAPACITY_MIN}
            max={EVENT_CAPACITY_MAX}
            step={1}
            value={draft.maxAttendees}
            onChange={(e) => set('maxAttendees', e.target.value)}
            error={errors.maxAttendees}
            required
          />
          <ChipsInput
            label="Tags"
            chips={draft.tags}
            max={EVENT_TAGS_MAX}
            onChange={(tags) => set('tags', tags)}
            placeholder="Add a tag and press Enter"
          />
          {errorText('tags')}
          <div className="flex items-center gap-2">
            <Checkbox
              id={field('registrationRequired')}
              checked={draft.registrationRequired}
              onCheckedChange={(checked) => set('registrationRequired', checked === true)}
            />
            <Label htmlFor={field('registrationRequired')}>Registration required</Label>
          </div>
          {general && (
            <p role="alert" className="text-sm text-destructive">
              {general}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Creating...' : 'Create Event'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
