import type { PresenceStatus } from '../../shared/social';
import { cn } from '../lib/cn';

const tones: Record<PresenceStatus, string> = {
  online: 'bg-success',
  away: 'bg-warning',
  offline: 'bg-muted-foreground/50',
};

export const PRESENCE_LABELS: Record<PresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  offline: 'Offline',
};

export function PresenceDot({ status, className }: { status: PresenceStatus; className?: string }) {
  return (
    <span
      role="img"
      aria-label={PRESENCE_LABELS[status]}
      className={cn('block size-3 rounded-full ring-2 ring-card', tones[status], className)}
    />
  );
}
