import { RefreshCw } from 'lucide-react';
import { socialMessages } from '../../../shared/social';
import { useAppSelector } from '../../state/hooks';
import { LoadingState } from '../../components/PageStates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { selectSignedInUserId } from '../auth';
import { visibleConversations, type ConversationTab } from './conversationList';
import { ConversationRow } from './ConversationRow';
import { useGetConversationsQuery } from './messagingApi';

export interface ConversationListProps {
  tab: ConversationTab;
  query: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function ConversationList({ tab, query, selectedId, onSelect }: ConversationListProps) {
  const viewerId = useAppSelector(selectSignedInUserId);
  const { data, isLoading, isError, refetch, isFetching } = useGetConversationsQuery();

  if (isLoading) return <LoadingState label="Loading conversations…" />;
  if (isError || !data) {
    return (
      <div className="grid gap-3 p-3">
        <Alert data-testid="conversations-error">
          Error: {socialMessages.loadConversationsFailed}
        </Alert>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  const conversations = visibleConversations(data, tab, query);
  if (conversations.length === 0) {
    return (
      <p
        data-testid="conversations-empty"
        className="px-4 py-12 text-center text-sm text-muted-foreground"
      >
        No conversations found
      </p>
    );
  }
  return (
    <ul aria-label="Conversations" className="grid grid-cols-[minmax(0,1fr)] gap-0.5 p-1.5">
      {conversations.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          viewerId={viewerId}
          selected={conversation.id === selectedId}
          onSelect={onSelect}
        />
      ))}
    </ul>
  );
}
