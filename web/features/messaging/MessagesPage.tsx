import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { cn } from '../../lib/cn';
import { AddFriendDialog } from './AddFriendDialog';
import { ConversationPanel } from './ConversationPanel';
import { ThreadPane } from './ThreadPane';
import { CONVERSATION_PARAM, useConversationFromLink } from './useConversationFromLink';

/** Spec 001 §2 Messages: the conversation list on the left, the selected thread on the right. */
export function MessagesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  useConversationFromLink();
  const selectedId = searchParams.get(CONVERSATION_PARAM);

  return (
    <>
      <PageHeader title="Messages" description="Your conversations with friends and contacts.">
        <AddFriendDialog />
      </PageHeader>
      <div className="flex h-[calc(100svh-15rem)] min-h-[28rem] overflow-hidden rounded-2xl border bg-card shadow-sm shadow-black/[0.03]">
        {/* On small screens one column shows at a time: the list, or the open thread. */}
        <ConversationPanel
          selectedId={selectedId}
          onSelect={(id) => setSearchParams({ [CONVERSATION_PARAM]: id })}
          className={cn('w-full md:w-80 md:shrink-0', selectedId ? 'hidden' : 'flex')}
        />
        <ThreadPane
          conversationId={selectedId}
          onBack={() => setSearchParams({})}
          className={selectedId ? 'flex' : 'hidden md:flex'}
        />
      </div>
    </>
  );
}
