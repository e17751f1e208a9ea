import { WEEK_DAYS, type DayHours, type WeekDay } from '../../../shared/business';
import { Checkbox } from '../../components/ui/checkbox';
import { fieldErrorId } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import type { BusinessTabProps } from './businessDraft';
import { TabForm } from './SaveButton';

const dayName = (day: WeekDay) => day.charAt(0).toUpperCase() + day.slice(1);

/** Each day's opening and closing time, or closed; closing must come after opening. */
export function BusinessHoursTab({ draft, setField, errors, saving, onSave }: BusinessTabProps) {
  const setDay = (day: WeekDay, change: Partial<DayHours>) =>
    setField('businessHours', {
      ...draft.businessHours,
      [day]: { ...draft.businessHours[day], ...change },
    });
  return (
    <TabForm label="Business hours" saving={saving} onSave={onSave}>
      <ul className="grid gap-3">
        {WEEK_DAYS.map((day) => {
          const hours = draft.businessHours[day];
          const error =
            errors[`businessHours.${day}.open`] ??
            errors[`businessHours.${day}.close`] ??
            errors[`businessHours.${day}`];
          const errorId = fieldErrorId(`hours-${day}`);
          return (
            <li key={day} className="grid gap-1.5 rounded-lg border p-3">
              <fieldset className="flex flex-wrap items-center gap-3">
                <legend className="w-28 text-sm font-medium">{dayName(day)}</legend>
                <Label htmlFor={`hours-${day}-open`} className="sr-only">
                  {dayName(day)} opens
                </Label>
                <Input
                  id={`hours-${day}-open`}
                  type="time"
                  className="w-32"
                  value={hours.open}
                  disabled={hours.closed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setDay(day, { open: event.target.value })}
                />
                <span aria-hidden>to</span>
                <Label htmlFor={`hours-${day}-close`} className="sr-only">
                  {dayName(day)} closes
                </Label>
                <Input
                  id={`hours-${day}-close`}
                  type="time"
                  className="w-32"
                  value={hours.close}
                  disabled={hours.closed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setDay(day, { close: event.target.value })}
                />
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`hours-${day}-closed`}
                    aria-label={`${dayName(day)} closed`}
                    checked={hours.closed}
                    onCheckedChange={(checked) => setDay(day, { closed: checked === true })}
                  />
                  <Label htmlFor={`hours-${day}-closed`}>Closed</Label>
                </div>
              </fieldset>
              {error && (
                <p id={errorId} className="text-[0.8rem] font-medium text-destructive">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </TabForm>
  );
}
