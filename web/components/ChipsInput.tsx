import { X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { addChip, removeChip } from '../lib/chips';

export interface ChipsInputProps {
  label: string;
  chips: readonly string[];
  max: number;
  onChange: (chips: readonly string[]) => void;
  placeholder?: string;
}

/**
 * A list of labels as chips: Enter or Add adds what was typed, each chip has its own remove
 * button. A refusal is read out as it appears, since it follows a key press, not a submit.
 */
export function ChipsInput({ label, chips, max, onChange, placeholder }: ChipsInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemId = `${id}-problem`;

  function add() {
    const added = addChip(chips, draft, max);
    setProblem(added.problem);
    if (added.problem) return;
    onChange(added.chips);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds a chip here; saving is the form's own button, so a half-typed entry is kept.
    event.preventDefault();
    add();
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {chips.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li
              key={chip}
              className="flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs"
            >
              {chip}
              <button
                type="button"
                aria-label={`Remove ${chip}`}
                className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => {
                  onChange(removeChip(chips, chip));
                  // The button goes away with its chip: keep the keyboard in the field.
                  input.current?.focus();
                }}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          value={draft}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add} disabled={chips.length >= max}>
          Add
        </Button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-[0.8rem] font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
