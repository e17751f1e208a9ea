import { X } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { MAX_TAGS } from '../../../shared/media';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { commitDraft, removeLastTag, removeTag, typeDraft, type TagDraft } from './tagEditing';

export interface TagsInputProps {
  id: string;
  value: TagDraft;
  onChange: (value: TagDraft) => void;
}

/**
 * Tags as chips: Enter or a comma adds what was typed, Backspace in the empty input takes back
 * the last chip, and each chip has its own remove button. A refusal is read out as it appears,
 * since it follows a key press rather than a submit.
 */
export function TagsInput({ id, value, onChange }: TagsInputProps) {
  const { tags, draft, problem } = value;
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds a tag here; saving is the Save button's, so a half-typed tag is never lost.
      event.preventDefault();
      onChange(commitDraft(tags, draft));
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      onChange({ tags: removeLastTag(tags), draft, problem: null });
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Tags</Label>
      <div
        className={cn(
          'flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-input bg-card px-2 py-1.5 shadow-xs',
          'focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/40',
          problem && 'border-destructive',
        )}
      >
        {tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li
                key={tag}
                className="flex items-center gap-1 rounded-full bg-muted py-0.5 pr-1 pl-2.5 text-xs"
              >
                {tag}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag}`}
                  className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => {
                    onChange({ tags: removeTag(tags, tag), draft, problem: null });
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
        <input
          ref={input}
          id={id}
          type="text"
          autoComplete="off"
          enterKeyHint="enter"
          value={draft}
          onChange={(event) => onChange(typeDraft(tags, event.target.value))}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${hintId} ${problemId}`}
          className="h-7 min-w-24 flex-1 bg-transparent px-1 text-sm outline-none placeholder:text-muted-foreground/80"
          placeholder={tags.length === 0 ? 'Add a tag' : undefined}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Press Enter or type a comma to add a tag. {tags.length} of {MAX_TAGS} tags.
      </p>
      <p id={problemId} aria-live="polite" className="text-[0.8rem] font-medium text-destructive">
        {problem}
      </p>
    </div>
  );
}
