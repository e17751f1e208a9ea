import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { fieldErrorId } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id: string;
  label: string;
  error?: string;
  /** Further text the input is described by (the requirements checklist). */
  describedBy?: string;
}

/** A password input with its own show/hide toggle (001 §2), its error linked for screen readers. */
export function PasswordField({ id, label, error, describedBy, ...props }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const described = [error ? fieldErrorId(id) : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? 'text' : 'password'}
          className="pr-11"
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...props}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? (
            <EyeOff className="size-4" aria-hidden />
          ) : (
            <Eye className="size-4" aria-hidden />
          )}
        </button>
      </div>
      {error && (
        <p id={fieldErrorId(id)} className="text-[0.8rem] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
