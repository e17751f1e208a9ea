import { MessagesSquare } from 'lucide-react';
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
  const { conversation, isLoading } = useGetConversationsQuery(undefined, {
    selectFromResult: ({ data, isLoading: loading }) => ({
      conversation: data?.find(({ id }) => id === conversationId),
      isLoading: loading,
    }),
  });

  return (
    <div className={cn('min-h-0 min-w-0 flex-1 flex-col', className)}>
      {!conversationId ? (
        <SelectConversation />
      ) : isLoading ? (
        <LoadingState label="Loading conversation…" />
      ) : conversation ? (
        <MessageThread key={conversation.id} conversation={conversation} onBack={onBack} />
      ) : (
        <SelectConversation />
      )}
    </div>
  );
}
