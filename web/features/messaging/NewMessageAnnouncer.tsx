import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../shared/social';

export interface NewMessageAnnouncerProps {
  /** Whether the thread's first page has loaded: what it held is not news. */
  loaded: boolean;
  last: Message | undefined;
  viewerId: string | null;
  contactName: string;
}

/**
 * Reads out, politely, a message that arrives while the thread is open (issue #23). The list
 * itself is no live region: loading older messages or opening the thread would read them all.
 */
export function NewMessageAnnouncer({
  loaded,
  last,
  viewerId,
  contactName,
}: NewMessageAnnouncerProps) {
  const [said, setSaid] = useState('');
  /** The newest message already there; undefined until the first page has loaded. */
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    const previous = seen.current;
    seen.current = last?.id ?? null;
    if (previous === undefined || !last || previous === last.id || last.senderId === viewerId) {
      return;
    }
    setSaid(`New message from ${contactName}: ${last.content}`);
  }, [loaded, last, viewerId, contactName]);
  return (
    <p className="sr-only" aria-live="polite" data-testid="new-message-announcer">
      {said}
    </p>
  );
}
