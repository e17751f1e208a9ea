import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { isBlank } from '../../../shared/api/text';
import { communityContentMessages as messages } from '../../../shared/community-content/messages';
import { REPLY_MAX } from '../../../shared/community-content/limits';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { errorDetail } from '../../lib/errorDetail';
import { useMentionCombobox } from '../mentions';
import { isSendKey } from '../../lib/composerKeys';
import { useReplyToDiscussionMutation } from './communityContentApi';
import { fieldClass } from './fieldStyles';

/**
 * The reply box under a thread: Enter replies, Shift+Enter adds a newline, blank text is never
 * sent (001 §5). A locked discussion shows the box disabled with the reason.
 */
export function ReplyBox({ discussionId, locked }: { discussionId: string; locked: boolean }) {
  const id = useId();
  const [content, setContent] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionCombobox({ text: content, onText: setContent, field });
  const [reply, { isLoading, error }] = useReplyToDiscussionMutation();
  const disabled = locked || isLoading;

  const send = async () => {
    if (disabled || isBlank(content)) return;
    const result = await reply({ discussionId, content });
    if ('data' in result) setContent('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter picks a member while the @ list is open; it sends only once it is closed.
    if (mentions.onKeyDown(event)) return;
    const { key, shiftKey } = event;
    if (!isSendKey({ key, shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    void send();
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        Reply
      </label>
      <div className="relative">
        <textarea
          {...mentions.fieldProps}
          ref={field}
          id={id}
          value={content}
          rows={3}
          maxLength={REPLY_MAX}
          disabled={locked}
          placeholder={locked ? messages.locked : 'Write a reply…'}
          aria-describedby={locked ? `${id}-locked` : undefined}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          className={fieldClass}
        />
        {mentions.list}
      </div>
      {locked && (
        <p id={`${id}-locked`} className="text-sm text-muted-foreground">
          {messages.locked}
        </p>
      )}
      {error && !locked && <Alert>{errorDetail(error) ?? 'Could not send the reply.'}</Alert>}
      <div className="flex justify-end">
        <Button onClick={() => void send()} disabled={disabled || isBlank(content)}>
          Reply
        </Button>
      </div>
    </div>
  );
}
