import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { failureMessage } from '../../lib/failures';
import { useStartConversationMutation } from './messagingApi';

export const CONVERSATION_PARAM = 'conversation';
const USER_PARAM = 'user';

/**
 * /messages?user={id} (from friend cards) opens the conversation with that member, starting it
 * if needed, then shows it as /messages?conversation={id}.
 */
export function useConversationFromLink(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const [startConversation] = useStartConversationMutation();
  const participantId = searchParams.get(USER_PARAM);
  // React may run the effect twice for one link (strict mode); one start is enough.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!participantId || started.current === participantId) return;
    started.current = participantId;
    startConversation(participantId)
      .unwrap()
      .then((conversation) =>
        setSearchParams({ [CONVERSATION_PARAM]: conversation.id }, { replace: true }),
      )
      .catch((failure: unknown) => {
        toast.error(failureMessage(failure, 'Could not open the conversation'));
        setSearchParams({}, { replace: true });
      })
      .finally(() => {
        started.current = null;
      });
  }, [participantId, startConversation, setSearchParams]);
}
