import { Phone, PhoneIncoming, PhoneMissed, PhoneOff, Video } from 'lucide-react';
import type { CallEntry as Entry } from '../../../shared/calls';
import { callEntryText } from '../../../shared/calls/text';
import type { Message } from '../../../shared/social';
import { cn } from '../../lib/cn';
import { formatFullTime, formatMessageTime } from './messageFormat';

function CallIcon({ entry, own }: { entry: Entry; own: boolean }) {
  const className = 'size-3.5';
  if (entry.outcome === 'missed') return <PhoneMissed aria-hidden className={className} />;
  if (entry.outcome === 'declined') return <PhoneOff aria-hidden className={className} />;
  if (entry.kind === 'video') return <Video aria-hidden className={className} />;
  return own ? (
    <Phone aria-hidden className={className} />
  ) : (
    <PhoneIncoming aria-hidden className={className} />
  );
}

/** A call's entry in the thread: centred, not a bubble, since nobody wrote it. */
export function CallEntry({
  message,
  entry,
  own,
}: {
  message: Message;
  entry: Entry;
  own: boolean;
}) {
  const missed = entry.outcome === 'missed' && !own;
  return (
    <li data-testid="message-item" data-message-id={message.id} className="flex justify-center">
      <p
        data-testid="call-entry"
        data-call-outcome={entry.outcome}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-xs',
          missed ? 'border-destructive/40 text-destructive' : 'text-muted-foreground',
        )}
      >
        <CallIcon entry={entry} own={own} />
        <span>{callEntryText(entry)}</span>
        <time dateTime={message.timestamp} title={formatFullTime(message.timestamp)}>
          {formatMessageTime(message.timestamp)}
        </time>
      </p>
    </li>
  );
}
