import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  error: 'border-destructive/30 bg-destructive/8 text-destructive-ink',
  success: 'border-success/30 bg-success/10 text-success-ink',
} as const;

export interface AlertProps extends ComponentProps<'div'> {
  tone?: keyof typeof tones;
}

/** An error is announced at once (role=alert); a success message politely (role=status). */
export function Alert({ tone = 'error', className, children, ...props }: AlertProps) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        tones[tone],
        className,
      )}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
