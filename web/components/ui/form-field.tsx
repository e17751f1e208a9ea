import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  /** Shown at the right of the label, e.g. a "Forgot password?" action. */
  labelAside?: ReactNode;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** A labelled input whose error text sits under it and is linked by aria-describedby. */
export function TextField({ id, label, error, labelAside, ...props }: TextFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? fieldErrorId(id) : undefined}
        {...props}
      />
      {error && (
        <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
