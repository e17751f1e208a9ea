import { Phone, Video } from 'lucide-react';
import type { Conversation } from '../../../shared/social';
import { Button } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import { useStartCall } from './useCall';

/** The thread header's Call and Video buttons; unavailable while this device is in a call. */
export function CallButtons({ conversation }: { conversation: Conversation }) {
  const { start, busy } = useStartCall();
  const name = conversation.contact.displayName;
  const buttons = [
    { kind: 'audio' as const, label: `Call ${name}`, tip: 'Call', icon: Phone },
    { kind: 'video' as const, label: `Video call ${name}`, tip: 'Video call', icon: Video },
  ];
  return buttons.map(({ kind, label, tip, icon: Icon }) => (
    <Tooltip key={kind} label={busy ? 'You are in a call' : tip}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        aria-disabled={busy}
        data-testid={kind === 'audio' ? 'start-voice-call' : 'start-video-call'}
        onClick={() => {
          if (!busy) void start(conversation.id, kind);
        }}
      >
        <Icon aria-hidden />
      </Button>
    </Tooltip>
  ));
}
