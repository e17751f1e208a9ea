import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface TableScrollProps extends ComponentProps<'div'> {
  /** Names the region for screen readers; the table's caption, as a rule. */
  label: string;
}

/**
 * Holds a table that may be wider than the screen. The region takes focus so that a keyboard
 * can scroll it sideways (WCAG 2.1.1; axe's scrollable-region-focusable), and is named so that
 * focusing it says what it holds.
 */
export function TableScroll({ label, className, children, ...props }: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}
