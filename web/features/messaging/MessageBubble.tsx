import type { Message } from '../../../shared/social';
import { cn } from '../../lib/cn';
import { CallEntry } from './CallEntry';
import { ShownLinkPreview } from '../link-previews';
import { MentionText } from '../mentions';
import { formatFullTime, formatMessageTime } from './messageFormat';
import { MessageStatusLine, StatusIcon } from './MessageStatusLine';

export interface MessageBubbleProps {
  message: Message;
  /** Sent by the viewer: shown on the right with its ticks. */
  own: boolean;
  senderName: string;
  /** The viewer's latest message carries its status in words. */
  showStatus: boolean;
}

export function MessageBubble({ message, own, senderName, showStatus }: MessageBubbleProps) {
  if (message.call) return <CallEntry message={message} entry={message.call} own={own} />;
  return (
    <li
      data-testid="message-item"
      data-message-id={message.id}
      className={cn('flex min-w-0 flex-col', own ? 'items-end' : 'items-start')}
    >
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap wrap-anywhere',
          own
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{senderName}: </span>
        <MentionText
          text={message.content}
          mentions={message.mentions}
          linkClassName={own ? 'text-primary-foreground underline' : 'text-primary'}
        />
      </div>
      <ShownLinkPreview
        kind="message"
        targetId={message.id}
        preview={message.linkPreview}
        isAuthor={own}
        className="mt-1 w-full max-w-[80%] min-w-0"
      />
      <span className="mt-0.5 flex items-center gap-1 px-1 text-[0.7rem] text-muted-foreground">
        <time dateTime={message.timestamp} title={formatFullTime(message.timestamp)}>
          {formatMessageTime(message.timestamp)}
        </time>
        {own && !showStatus && <StatusIcon status={message.status} className="size-3" />}
      </span>
      {own && showStatus && <MessageStatusLine status={message.status} />}
    </li>
  );
}
