import { Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_LIMITS } from '../../../shared/search';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useGetSearchSuggestionsQuery } from './searchApi';
import { SEARCH_BOX_WIDTH } from './SearchBoxPlaceholder';
import {
  groupedOptions,
  movedHighlight,
  SEARCH_GROUP_LABELS,
  searchHref,
  searchOptions,
} from './searchOptions';
import { isSlashShortcut, takeEarlySlash } from './slashShortcut';

/** Suggestions are asked for once typing pauses this long. */
const TYPING_PAUSE_MS = 200;

/** `/` focuses the box (slashShortcut.ts), also when pressed before the box had loaded. */
function useSlashShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    if (takeEarlySlash(document.activeElement)) input.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isSlashShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/**
 * The top bar's search field, a combobox: live suggestions grouped as People, Posts,
 * Communities and Tags in one listbox. Arrow keys move through every group, Enter opens the
 * highlighted hit (or, with none highlighted, the results page), Escape closes the list.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useSlashShortcut(input);

  const typed = text.trim();
  const settled = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const askable = settled !== '' && settled.length <= SEARCH_LIMITS.query;
  // The answer for this very text only: an earlier text's hits are never offered for Enter.
  const {
    currentData: data,
    isFetching,
    isError,
  } = useGetSearchSuggestionsQuery(settled, {
    skip: !askable,
  });
  const options = useMemo(
    () => (data && askable && settled === typed ? searchOptions(data) : []),
    [data, askable, settled, typed],
  );
  const shown = open && typed !== '';
  const highlighted = active < options.length ? active : -1;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(movedHighlight(highlighted, options.length, event.key));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown ? options[highlighted] : undefined;
      if (option) go(option.href);
      else if (typed !== '' && typed.length <= SEARCH_LIMITS.query) go(searchHref(typed));
    } else if (event.key === 'Escape') {
      if (shown) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        input.current?.blur();
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status =
    typed.length > SEARCH_LIMITS.query
      ? `A search is at most ${SEARCH_LIMITS.query} characters.`
      : isError
        ? 'Suggestions could not be loaded. Press Enter to search.'
        : settled !== typed || (isFetching && options.length === 0)
          ? 'Searching…'
          : options.length === 0
            ? `No suggestions for “${typed}”. Press Enter to search.`
            : `${options.length} suggestions. Use the arrow keys to pick one.`;

  return (
    <div className={cn('relative', SEARCH_BOX_WIDTH)} data-testid="search-box">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search Agora"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && highlighted >= 0 ? optionId(highlighted) : undefined}
        aria-describedby={shown ? statusId : undefined}
        aria-keyshortcuts="/"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-lg border border-input bg-background pr-7 pl-8 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
      />
      <kbd
        aria-hidden
        className={cn(
          'pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border px-1 font-mono text-[0.65rem] text-muted-foreground',
          text !== '' && 'hidden',
        )}
      >
        /
      </kbd>
      <div
        hidden={!shown}
        className="absolute top-full right-0 z-50 mt-1 w-[min(24rem,calc(100vw-1rem))] rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        // Picking with the mouse must not take the focus from the field first.
        onMouseDown={(event) => event.preventDefault()}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Search suggestions"
          aria-busy={isFetching || undefined}
          data-testid="search-suggestions"
          className="max-h-[min(28rem,70vh)] overflow-y-auto"
        >
          {groupedOptions(options).map(({ group, options: inGroup }) => (
            <li key={group} role="presentation">
              <ul role="group" aria-labelledby={`${listId}-${group}`}>
                <li
                  role="presentation"
                  id={`${listId}-${group}`}
                  className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground uppercase"
                >
                  {SEARCH_GROUP_LABELS[group]}
                </li>
                {inGroup.map(({ option, index }) => (
                  <li
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === highlighted}
                    data-testid="search-suggestion"
                    onClick={() => go(option.href)}
                    onMouseEnter={() => setActive(index)}
                    className={cn(
                      'flex cursor-pointer items-baseline gap-2 rounded-md px-2 py-1.5 text-sm',
                      index === highlighted && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <span className="min-w-0 truncate font-medium">{option.label}</span>
                    {option.detail && (
                      <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                        {option.detail}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p
          id={statusId}
          role="status"
          className="flex items-center gap-2 px-2 py-1.5 text-xs text-muted-foreground"
        >
          {isFetching && <Spinner className="size-3" />}
          {status}
        </p>
        {typed !== '' && typed.length <= SEARCH_LIMITS.query && (
          <button
            type="button"
            tabIndex={-1}
            onClick={() => go(searchHref(typed))}
            className="w-full rounded-md px-2 py-1.5 text-left text-sm text-primary hover:bg-accent"
          >
            See all results for “{typed}”
          </button>
        )}
      </div>
    </div>
  );
}
