import { MessagesSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../components/PageStates';
import { cn } from '../../lib/cn';
import { useGetConversationsQuery } from './messagingApi';
import { MessageThread } from './MessageThread';

export interface ThreadPaneProps {
  conversationId: string | null;
  onBack: () => void;
  className?: string;
}

function SelectConversation() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted-foreground">
      <MessagesSquare className="size-10 opacity-60" aria-hidden />
      <p data-testid="thread-empty" className="text-sm">
        Select a conversation
      </p>
    </div>
  );
}

export function ThreadPane({ conversationId, onBack, className }: ThreadPaneProps) {
  const { conversation, isLoading, isFetching, loaded, refetch } = useGetConversationsQuery(
    undefined,
    {
      selectFromResult: ({ data, isLoading: loading, isFetching: fetching }) => ({
        conversation: data?.find(({ id }) => id === conversationId),
        isLoading: loading,
        isFetching: fetching,
        loaded: data !== undefined,
      }),
    },
  );
  // A link may name a conversation started a moment ago, which a list read before it began can
  // have replaced in the cache (a resync at page load): the list is read once more before the
  // conversation counts as not there.
  const [reread, setReread] = useState<string | null>(null);
  const missing = conversationId !== null && loaded && !conversation;
  useEffect(() => {
    if (!missing || isFetching || reread === conversationId) return;
    void Promise.resolve(refetch()).finally(() => setReread(conversationId));
  }, [missing, isFetching, reread, conversationId, refetch]);
  const rereading = missing && (isFetching || reread !== conversationId);

  return (
    <div className={cn('min-h-0 min-w-0 flex-1 flex-col', className)}>
      {!conversationId ? (
        <SelectConversation />
      ) : isLoading || rereading ? (
        <LoadingState label="Loading conversation…" />
      ) : conversation ? (
        <MessageThread key={conversation.id} conversation={conversation} onBack={onBack} />
      ) : (
        <SelectConversation />
      )}
    </div>
  );
}
