import type { ComponentProps } from 'react';
import { fieldErrorId } from './ui/form-field';
import { Label } from './ui/label';
import { selectClass, textareaClass } from './controls';

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
      {error}
    </p>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** The values, each shown with its label; an empty first option reads `placeholder`. */
  options: readonly { value: string; label: string }[];
  placeholder: string;
}

/** A labelled native select, its error under it and linked by aria-describedby. */
export function SelectField({
  id,
  label,
  error,
  options,
  placeholder,
  ...props
}: SelectFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...props}
      >
        <option value="">{placeholder}</option>
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

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  error?: string;
}

export function TextAreaField({ id, label, error, ...props }: TextAreaFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={4}
        className={textareaClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...props}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** `technology` → `Technology`, for the enumerations' options. */
export const optionsOf = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
