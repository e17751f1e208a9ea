import {
  useCallback,
  useId,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import type { MentionSuggestion } from '../../../shared/mentions';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { cn } from '../../lib/cn';
import { useMentionSuggestionsQuery } from './mentionsApi';
import { matchingMembers, typedMention, withMention, type TypedMention } from './mentionTyping';

/** Suggestions are asked for once typing pauses this long. */
const TYPING_PAUSE_MS = 150;

const RELATION_LABELS: Record<MentionSuggestion['relation'], string | null> = {
  friend: 'Friend',
  following: 'Following',
  other: null,
};

interface Options {
  text: string;
  onText(text: string): void;
  field: RefObject<HTMLTextAreaElement | null>;
  /**
   * The only members the text may name, offered without asking the server: a message can name
   * only those who can read it. Unset, every member the author may find is offered.
   */
  candidates?: readonly MentionSuggestion[];
  /** Where the list opens: above a field at the foot of the screen (a message composer). */
  placement?: 'below' | 'above';
}

/** What the field spreads onto its textarea, besides its own props. */
export interface MentionFieldProps {
  role: 'combobox';
  'aria-autocomplete': 'list';
  'aria-expanded': boolean;
  'aria-controls': string;
  'aria-activedescendant': string | undefined;
  onSelect(event: SyntheticEvent<HTMLTextAreaElement>): void;
  onBlur(): void;
}

/**
 * An `@` autocomplete on a textarea, with combobox semantics: after `@` the members the author
 * may mention are offered (friends and followed first); arrow keys move, Enter or Tab picks,
 * Escape closes, and a click picks too. `onKeyDown` answers whether it used the key, so the
 * field's own keys (Enter to send a comment) wait while the list is open.
 */
export function useMentionCombobox({
  text,
  onText,
  field,
  candidates,
  placement = 'below',
}: Options): {
  fieldProps: MentionFieldProps;
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  list: ReactNode;
} {
  const listId = useId();
  const [typed, setTyped] = useState<TypedMention | null>(null);
  // Escape closes the list until what follows the `@` changes.
  const [dismissed, setDismissed] = useState<TypedMention | null>(null);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(typed?.query ?? null, TYPING_PAUSE_MS);
  const { data, isFetching } = useMentionSuggestionsQuery(query ?? '', {
    skip: query === null || candidates !== undefined,
  });
  const found = candidates ? matchingMembers(candidates, query ?? '') : (data?.members ?? []);
  const members = typed && query !== null ? found : [];
  const open =
    typed !== null &&
    !(dismissed?.start === typed.start && dismissed.query === typed.query) &&
    members.length > 0;
  const shown = Math.min(active, Math.max(0, members.length - 1));

  const follow = useCallback((target: HTMLTextAreaElement) => {
    const next = typedMention(target.value, target.selectionStart);
    setTyped((held) => (held?.start === next?.start && held?.query === next?.query ? held : next));
    setActive(0);
  }, []);

  const choose = (suggestion: MentionSuggestion) => {
    const input = field.current;
    if (!typed || !input) return;
    const next = withMention(text, input.selectionStart, typed, suggestion.username);
    onText(next.text);
    setTyped(null);
    // The caret goes after the name once React has written the new text into the field.
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    const last = members.length - 1;
    if (event.key === 'ArrowDown') setActive(shown >= last ? 0 : shown + 1);
    else if (event.key === 'ArrowUp') setActive(shown <= 0 ? last : shown - 1);
    else if (event.key === 'Enter' || event.key === 'Tab') choose(members[shown]!);
    else if (event.key === 'Escape') setDismissed(typed);
    else return false;
    event.preventDefault();
    return true;
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const list = open ? (
    <ul
      id={listId}
      role="listbox"
      aria-label="Members to mention"
      aria-busy={isFetching || undefined}
      data-testid="mention-suggestions"
      className={cn(
        'absolute inset-x-0 z-40 max-h-72 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg',
        placement === 'below' ? 'top-full mt-1' : 'bottom-full mb-1',
      )}
    >
      {members.map((member, index) => (
        <li
          key={member.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === shown}
          data-testid="mention-suggestion"
          // Picking must not take the focus from the field first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(member)}
          onMouseEnter={() => setActive(index)}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
            index === shown && 'bg-accent text-accent-foreground',
          )}
        >
          <span className="font-medium">{member.displayName || member.username}</span>
          <span className="text-muted-foreground">@{member.username}</span>
          {RELATION_LABELS[member.relation] && (
            <span className="ml-auto text-xs text-muted-foreground">
              {RELATION_LABELS[member.relation]}
            </span>
          )}
        </li>
      ))}
    </ul>
  ) : null;

  return {
    fieldProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open ? optionId(shown) : undefined,
      onSelect: (event) => follow(event.currentTarget),
      onBlur: () => setTyped(null),
    },
    onKeyDown,
    list,
  };
}
