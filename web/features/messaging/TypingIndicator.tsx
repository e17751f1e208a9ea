import type { Conversation } from '../../../shared/social';
import { useTypist } from './typingStore';

/** "<name> is typing..." for a few seconds after the contact's last signal. */
export function TypingIndicator({ conversation }: { conversation: Conversation }) {
  const typist = useTypist(conversation.id);
  return (
    <div aria-live="polite" className="h-5 px-4 text-xs text-muted-foreground italic">
      {typist === conversation.contactId && (
        <span data-testid="typing-indicator">{conversation.contact.displayName} is typing...</span>
      )}
    </div>
  );
}
