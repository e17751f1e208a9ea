import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { addTag, removeTag } from '../../../shared/communities/tags';
import { Button } from '../../components/ui/button';
import { fieldErrorId } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { FieldError } from '../../components/formFields';

/** Tags (`001` §5): Enter or Add adds the typed tag (trimmed, non-empty, unique), × removes one. */
export function TagsField({
  id,
  tags,
  onChange,
  serverError,
}: {
  id: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  serverError?: string;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = error ?? serverError;

  const add = () => {
    const next = addTag(tags, typed);
    if (next.error !== null) {
      setError(next.error);
      return;
    }
    setError(null);
    setTyped('');
    onChange(next.tags);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Tags</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Add a tag and press Enter"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? fieldErrorId(id) : undefined}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add
        </Button>
      </div>
      <FieldError id={id} error={shown} />
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags added">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-1 rounded-full bg-secondary px-3 py-1 text-sm"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(removeTag(tags, tag))}
                aria-label={`Remove tag ${tag}`}
                className="rounded-full p-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
