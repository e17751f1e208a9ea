import { Archive, ArchiveRestore, Pin, PinOff, Star, StarOff, type LucideIcon } from 'lucide-react';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { Conversation } from '../../../shared/social';
import { failureMessage } from '../../lib/failures';
import { useUpdateConversationFlagsMutation } from './messagingApi';

export type ConversationFlag = 'isPinned' | 'isStarred' | 'isArchived';

interface FlagAction {
  flag: ConversationFlag;
  /** The action while the flag is off, and while it is on. */
  set: { label: string; done: string; icon: LucideIcon };
  unset: { label: string; done: string; icon: LucideIcon };
}

export const FLAG_ACTIONS: readonly FlagAction[] = [
  {
    flag: 'isPinned',
    set: { label: 'Pin', done: 'Conversation pinned', icon: Pin },
    unset: { label: 'Unpin', done: 'Conversation unpinned', icon: PinOff },
  },
  {
    flag: 'isStarred',
    set: { label: 'Star', done: 'Conversation starred', icon: Star },
    unset: { label: 'Unstar', done: 'Conversation unstarred', icon: StarOff },
  },
  {
    flag: 'isArchived',
    set: { label: 'Archive', done: 'Conversation archived', icon: Archive },
    unset: { label: 'Unarchive', done: 'Conversation unarchived', icon: ArchiveRestore },
  },
];

export function actionFor(action: FlagAction, conversation: Conversation) {
  return conversation[action.flag] ? action.unset : action.set;
}

/** Toggles one flag of a conversation (PATCH); the answer updates the list. */
export function useConversationFlags(): (conversation: Conversation, action: FlagAction) => void {
  const [update] = useUpdateConversationFlagsMutation();
  return useCallback(
    (conversation, action) => {
      const { done } = actionFor(action, conversation);
      update({
        conversationId: conversation.id,
        flags: { [action.flag]: !conversation[action.flag] },
      })
        .unwrap()
        .then(() => toast.success(done))
        .catch((failure: unknown) =>
          toast.error(failureMessage(failure, 'Could not update the conversation')),
        );
    },
    [update],
  );
}
