import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef } from 'react';
import type { MediaFile } from '../../../shared/media';
import { Button } from '../../components/ui/button';
import { useCountViewMutation } from './mediaApi';
import { formatViews } from './mediaFormat';

export interface VideoPlayerDialogProps {
  /** The cached file, so its view count follows pushes while the player is open. */
  file: MediaFile;
  onClose: () => void;
}

/**
 * The player (001 §2): a play adds one view on the server. One play is everything from starting
 * until the end; pausing and seeking within it count nothing more, watching again counts again.
 */
export function VideoPlayerDialog({ file, onClose }: VideoPlayerDialogProps) {
  const [countView] = useCountViewMutation();
  const counted = useRef(false);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[10000] bg-black/70 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[10000] grid w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 gap-3 rounded-2xl border bg-popover p-4 text-popover-foreground shadow-xl data-[state=open]:animate-zoom-in">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-semibold">{file.name}</Dialog.Title>
              <Dialog.Description
                className="text-sm text-muted-foreground"
                data-testid="player-views"
                aria-live="polite"
              >
                {formatViews(file.views)}
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close player">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          <video
            src={file.url}
            poster={file.posterUrl ?? undefined}
            controls
            autoPlay
            playsInline
            className="max-h-[70vh] w-full rounded-lg bg-black"
            onPlay={() => {
              if (counted.current) return;
              counted.current = true;
              void countView(file.key);
            }}
            onEnded={() => {
              counted.current = false;
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
