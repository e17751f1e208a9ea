import { Phone, PhoneOff, Video } from 'lucide-react';
import { useRef } from 'react';
import type { Call } from '../../../shared/calls';
import { CALL_KIND_LABELS } from '../../../shared/calls/text';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { Avatar } from '../../components/UserCard';

/**
 * A call ringing on this device: who calls and how, Accept (focused) and Decline. Escape
 * declines; a click outside does nothing, so a stray click cannot answer or refuse.
 */
export function IncomingCallDialog({
  call,
  onAccept,
  onDecline,
}: {
  call: Call;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  const { caller } = call;
  const KindIcon = call.kind === 'video' ? Video : Phone;
  return (
    <Dialog open onOpenChange={(open) => !open && onDecline()}>
      <DialogContent
        data-testid="incoming-call"
        data-call-id={call.id}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          acceptRef.current?.focus();
        }}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div className="flex items-center gap-3">
          <Avatar name={caller.displayName} src={caller.avatar} />
          <div className="min-w-0">
            <DialogTitle>Incoming {CALL_KIND_LABELS[call.kind].toLowerCase()}</DialogTitle>
            <DialogDescription>{caller.displayName} is calling you</DialogDescription>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onDecline} data-testid="call-decline">
            <PhoneOff aria-hidden />
            Decline
          </Button>
          <Button ref={acceptRef} onClick={onAccept} data-testid="call-accept">
            <KindIcon aria-hidden />
            Accept
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
