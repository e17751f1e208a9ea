import { Pin, Star } from 'lucide-react';
import type { Conversation } from '../../../shared/social';
import { useClock } from '../../lib/clock';
import { cn } from '../../lib/cn';
import { formatCount } from '../badges';
import { Avatar } from '../../components/UserCard';
import { ConversationActionsMenu } from './ConversationActionsMenu';
import { formatConversationTime, formatFullTime, previewText } from './messageFormat';
import { PresenceDot } from '../../components/PresenceDot';

export interface ConversationRowProps {
  conversation: Conversation;
  viewerId: string | null;
  selected: boolean;
  onSelect: (id: string) => void;
}

export function ConversationRow({
  conversation,
  viewerId,
  selected,
  onSelect,
}: ConversationRowProps) {
  const { contact, unreadCount } = conversation;
  const sentByViewer = conversation.lastMessageSenderId === viewerId;
  const clock = useClock();
  return (
    <li
      data-testid="conversation-item"
      data-conversation-id={conversation.id}
      className={cn(
        'flex min-w-0 items-center rounded-xl transition-colors hover:bg-accent/60',
        selected && 'bg-accent hover:bg-accent',
      )}
    >
      <button
        type="button"
        onClick={() => onSelect(conversation.id)}
        aria-current={selected ? 'true' : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-2.5 text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        <span className="relative shrink-0">
          <Avatar name={contact.displayName} src={contact.avatar} className="size-10" />
          <PresenceDot status={contact.status} className="absolute right-0 bottom-0" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span
              className={cn('truncate text-sm', unreadCount > 0 ? 'font-bold' : 'font-semibold')}
            >
              {contact.displayName}
            </span>
            {conversation.isPinned && (
              <Pin className="size-3.5 shrink-0 text-muted-foreground" aria-label="Pinned" />
            )}
            {conversation.isStarred && (
              <Star
                className="size-3.5 shrink-0 fill-amber-400 text-amber-400"
                aria-label="Starred"
              />
            )}
            <time
              dateTime={conversation.timestamp}
              title={formatFullTime(conversation.timestamp, clock)}
              className="ml-auto shrink-0 pl-1 text-xs text-muted-foreground"
            >
              {formatConversationTime(conversation.timestamp, undefined, clock)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span
              className={cn(
                'truncate text-sm',
                unreadCount > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {previewText(conversation.lastMessage, sentByViewer)}
            </span>
            {unreadCount > 0 && (
              <span className="ml-auto flex shrink-0 items-center">
                <span
                  data-testid="conversation-unread"
                  className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[0.7rem] font-semibold text-primary-foreground"
                >
                  {formatCount(unreadCount)}
                </span>
                <span className="sr-only"> unread</span>
              </span>
            )}
          </span>
        </span>
      </button>
      <ConversationActionsMenu conversation={conversation} />
    </li>
  );
}
