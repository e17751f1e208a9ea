import type { ComponentProps } from 'react';
import { fieldErrorId } from './ui/form-field';
import { Label } from './ui/label';
import { cn } from '../lib/cn';

const controlClass =
  'w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 ' +
  'aria-invalid:border-destructive disabled:opacity-60';

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
      {error}
    </p>
  );
}

/** A labelled text area whose error sits under it, linked by aria-describedby. */
export function TextAreaField({
  id,
  label,
  error,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & { id: string; label: string; error?: string }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        className={cn(controlClass, className)}
        {...props}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled select of fixed options. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        onChange={(event) => onChange(event.target.value as T)}
        className={cn(controlClass, 'h-10')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
