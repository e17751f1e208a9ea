import type { Conversation } from '../../../shared/social';
import { useAppSelector } from '../../state/hooks';
import { selectSignedInUserId } from '../auth';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { ThreadHeader } from './ThreadHeader';
import { TypingIndicator } from './TypingIndicator';
import { useReadMarking } from './useReadMarking';

/** The right pane for one conversation: header, messages, typing indicator, composer. */
export function MessageThread({
  conversation,
  onBack,
}: {
  conversation: Conversation;
  onBack: () => void;
}) {
  const viewerId = useAppSelector(selectSignedInUserId);
  useReadMarking(conversation);
  return (
    <section
      data-testid="message-thread"
      data-conversation-id={conversation.id}
      aria-labelledby="thread-heading"
      className="flex min-h-0 flex-1 flex-col"
    >
      <ThreadHeader conversation={conversation} onBack={onBack} />
      <MessageList conversation={conversation} viewerId={viewerId} />
      <TypingIndicator conversation={conversation} />
      <MessageComposer conversation={conversation} />
    </section>
  );
}
