import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMENT_MAX } from '../../../../shared/posts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { failureMessage } from '../../../lib/failures';
import { useMentionCombobox } from '../../mentions';
import { commentRefusal, commentToSend, composerKeyAction } from './composerKeys';

export interface CommentComposerProps {
  /** The box's accessible name: 'Write a comment', 'Reply to Ana', 'Edit your comment'. */
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Sends the text; a rejection keeps it in the box with the server's reason. */
  onSubmit: (content: string) => Promise<unknown>;
  /** Offered for replies and edits (also on Escape); the post's own box has none. */
  onCancel?: () => void;
  initialText?: string;
  autoFocus?: boolean;
  testId: string;
}

/** A comment, reply or edit box: Enter submits, Shift+Enter adds a line, blank is refused. */
export function CommentComposer({
  label,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
  initialText = '',
  autoFocus = false,
  testId,
}: CommentComposerProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    const input = inputRef.current;
    if (!autoFocus || !input) return;
    input.focus();
    // An edit starts with the caret after the text, where the member goes on writing.
    input.setSelectionRange(input.value.length, input.value.length);
    input.scrollIntoView({ block: 'center' });
  }, [autoFocus]);

  async function submit() {
    if (busy) return;
    const refusal = commentRefusal(text);
    if (refusal) {
      setError(refusal);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(commentToSend(text));
      setText('');
    } catch (failure: unknown) {
      setError(failureMessage(failure, 'Your comment could not be sent. Please try again.'));
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  const mentions = useMentionCombobox({
    text,
    onText: (next) => {
      setText(next);
      setError(null);
    },
    field: inputRef,
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.onKeyDown(event)) return;
    const action = composerKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'submit') {
      event.preventDefault();
      void submit();
    } else if (action === 'cancel' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form onSubmit={onFormSubmit} className="grid gap-2" data-testid={testId}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <textarea
          {...mentions.fieldProps}
          ref={inputRef}
          id={inputId}
          data-testid={`${testId}-input`}
          rows={2}
          maxLength={COMMENT_MAX}
          placeholder={placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'field-sizing-content max-h-60 min-h-16 w-full resize-none rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs',
            'placeholder:text-muted-foreground/80',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
            error && 'border-destructive',
          )}
        />
        {mentions.list}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={errorId}
          role="alert"
          data-testid={`${testId}-error`}
          className="min-h-5 text-sm text-destructive"
        >
          {error}
        </p>
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden text-xs text-muted-foreground sm:inline">
            Enter to send, Shift+Enter for a new line
          </span>
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" disabled={busy} data-testid={`${testId}-submit`}>
            {busy && <Spinner />}
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
