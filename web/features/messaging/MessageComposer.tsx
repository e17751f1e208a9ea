import { SendHorizontal } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGE_CONTENT_MAX, type Conversation } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useMentionCombobox } from '../mentions';
import { isSendKey } from '../../lib/composerKeys';
import { failureMessage } from '../../lib/failures';
import { useSendMessageMutation } from './messagingApi';
import { useTypingSignal } from './useTypingSignal';

/**
 * 'Type your message...': Enter sends, Shift+Enter adds a newline (spec 001 §2). `@` offers the
 * other participant, the only member who can read the message.
 */
export function MessageComposer({ conversation }: { conversation: Conversation }) {
  const [text, setText] = useState('');
  const [sendMessage] = useSendMessageMutation();
  const signalTyping = useTypingSignal(conversation.id);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const { contact } = conversation;
  const participants = useMemo(
    () => [
      {
        id: contact.id,
        username: contact.username,
        displayName: contact.displayName,
        avatar: contact.avatar,
        relation: 'other' as const,
      },
    ],
    [contact.id, contact.username, contact.displayName, contact.avatar],
  );
  const mentions = useMentionCombobox({
    text,
    onText: setText,
    field: inputRef,
    candidates: participants,
    placement: 'above',
  });
  const inputId = useId();
  const canSend = text.trim().length > 0;

  function send() {
    const content = text.trim();
    if (!content) return;
    // Cleared at once so the member can type on; the text comes back if the send fails.
    setText('');
    sendMessage({ conversationId: conversation.id, content })
      .unwrap()
      .catch((failure: unknown) => {
        console.error('Could not send the message', failure);
        toast.error(failureMessage(failure, 'Your message could not be sent. Please try again.'));
        setText((current) => (current ? current : content));
      });
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter picks a member while the @ list is open; it sends only once it is closed.
    if (mentions.onKeyDown(event)) return;
    const { key, shiftKey } = event;
    if (!isSendKey({ key, shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2 border-t p-3">
      <label htmlFor={inputId} className="sr-only">
        Message to {conversation.contact.displayName}
      </label>
      <div className="relative flex-1">
        <textarea
          {...mentions.fieldProps}
          ref={inputRef}
          id={inputId}
          data-testid="message-input"
          rows={1}
          maxLength={MESSAGE_CONTENT_MAX}
          placeholder="Type your message..."
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) signalTyping();
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'field-sizing-content block max-h-40 min-h-10 w-full resize-none rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs',
            'placeholder:text-muted-foreground/80',
            'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
          )}
        />
        {mentions.list}
      </div>
      <Button
        type="submit"
        size="icon"
        className="size-10"
        data-testid="message-send"
        aria-label="Send message"
        disabled={!canSend}
      >
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
