import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId } from 'react';
import { cn } from '../lib/cn';

/** The text field's look (`components/ui/input`) for the controls that kit has no part for. */
export const textareaClass = cn(
  'w-full resize-y rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs transition-colors',
  'placeholder:text-muted-foreground/80',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'aria-invalid:border-destructive',
);

export const selectClass =
  'h-10 rounded-lg border border-input bg-card px-2.5 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40';

export interface ToggleFieldProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled on/off switch with one line saying what it does. */
export function ToggleField({ label, hint, checked, onChange }: ToggleFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
        className={cn(
          'inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'bg-input data-[state=checked]:bg-primary',
        )}
      >
        <SwitchPrimitive.Thumb className="block size-5 rounded-full bg-background shadow-sm transition-transform data-[state=checked]:translate-x-5" />
      </SwitchPrimitive.Root>
    </div>
  );
}
