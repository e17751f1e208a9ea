import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

export interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** A labelled native select: keyboard and screen readers work as the platform makes them. */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        className={cn(
          'h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
