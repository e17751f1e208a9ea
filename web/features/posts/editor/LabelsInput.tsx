import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { addLabel, removeLabel, type LabelKind } from './postForm';

export interface LabelsInputProps {
  kind: LabelKind;
  label: string;
  labels: readonly string[];
  onChange: (labels: readonly string[]) => void;
}

/**
 * Categories or tags as chips: Enter or Add adds what was typed, trimmed and not twice (001 §5);
 * each chip has its own remove button. A refusal is read out as it appears.
 */
export function LabelsInput({ kind, label, labels, onChange }: LabelsInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    const added = addLabel(labels, typed, kind);
    setProblem(added.problem);
    if (added.problem) return;
    if (added.labels !== labels) onChange(added.labels);
    setTyped('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the label; it never submits the post.
    event.preventDefault();
    add();
  }

  return (
    <div className="grid gap-2" data-testid={`editor-${kind}-field`}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          value={typed}
          autoComplete="off"
          enterKeyHint="enter"
          placeholder={`Add a ${kind} and press Enter`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-problem`}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={add} aria-label={`Add ${kind}`}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <p
        id={`${id}-problem`}
        aria-live="polite"
        className="text-[0.8rem] font-medium text-destructive"
      >
        {problem}
      </p>
      {labels.length > 0 && (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {labels.map((held) => (
            <li
              key={held}
              className="flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs"
            >
              {held}
              <button
                type="button"
                aria-label={`Remove ${kind} ${held}`}
                className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => {
                  onChange(removeLabel(labels, held));
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
    </div>
  );
}
