import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type StatusTone = 'success' | 'warning' | 'danger';

/**
 * The tone's own colour is too light to read on its tint (3.1:1 and 2.2:1 in the light theme);
 * the text takes the tone's ink, which keeps 4.5:1 in both themes.
 */
const tones: Record<StatusTone, string> = {
  success: 'border-success/40 bg-success/10 text-success-ink',
  warning: 'border-warning/50 bg-warning/10 text-warning-ink',
  danger: 'border-destructive/40 bg-destructive/10 text-destructive-ink',
};

export interface StatusBadgeProps extends ComponentProps<'span'> {
  tone: StatusTone;
}

/** A small rounded label of a state (connection health, sandbox, secure page), its icon first. */
export function StatusBadge({ tone, className, ...props }: StatusBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
