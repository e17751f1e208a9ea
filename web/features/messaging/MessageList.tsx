import { RefreshCw } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Conversation } from '../../../shared/social';
import { LoadingState } from '../../components/PageStates';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { MessageBubble } from './MessageBubble';
import { NewMessageAnnouncer } from './NewMessageAnnouncer';
import { useGetMessagesInfiniteQuery } from './messagingApi';
import { threadMessages } from './threadCache';

/** How close to an edge (px) counts as being at it. */
const EDGE_PX = 64;

export interface MessageListProps {
  conversation: Conversation;
  viewerId: string | null;
}

/** The thread, oldest first; scrolling back to the top loads older messages. */
export function MessageList({ conversation, viewerId }: MessageListProps) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetMessagesInfiniteQuery(conversation.id);
  const messages = useMemo(() => threadMessages(data), [data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  /** The scroll geometry before older messages were asked for, to keep the view in place. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ first: string; last: string } | null>(null);

  const firstId = messages[0]?.id;
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !firstId || !last) return;
    const previous = shown.current;
    shown.current = { first: firstId, last: last.id };
    if (!previous) {
      element.scrollTop = element.scrollHeight;
    } else if (anchor.current && previous.first !== firstId) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (previous.last !== last.id && (atBottom.current || last.senderId === viewerId)) {
      element.scrollTop = element.scrollHeight;
    }
  }, [firstId, last, viewerId]);

  const loadOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function onScroll() {
    const element = scrollRef.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX) loadOlder();
  }

  const lastOwnId = messages.findLast((message) => message.senderId === viewerId)?.id;
  const contactName = conversation.contact.displayName;

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      data-testid="message-scroller"
    >
      <NewMessageAnnouncer
        loaded={!isLoading}
        last={last}
        viewerId={viewerId}
        contactName={contactName}
      />
      {isLoading ? (
        <LoadingState label="Loading messages…" />
      ) : isError && messages.length === 0 ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-sm">
          <p className="text-muted-foreground">The messages could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <p className="py-12 text-center text-sm text-muted-foreground">
          No messages in this conversation
        </p>
      ) : (
        <>
          {hasNextPage && (
            <div className="mb-3 flex justify-center">
              <Button variant="ghost" size="sm" onClick={loadOlder} disabled={isFetchingNextPage}>
                {isFetchingNextPage && <Spinner />}
                {isFetchingNextPage ? 'Loading older messages…' : 'Load older messages'}
              </Button>
            </div>
          )}
          <ol aria-label={`Messages with ${contactName}`} className="grid grid-cols-1 gap-2">
            {messages.map((message) => {
              const own = message.senderId === viewerId;
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={own}
                  senderName={own ? 'You' : contactName}
                  showStatus={message.id === lastOwnId}
                />
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
