import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltipTiming';

const InGroup = createContext(false);

/** Tips inside share one delay: moving along a row of them opens the next at once. */
export function TooltipProvider(props: TooltipPrimitive.TooltipProviderProps) {
  return (
    <InGroup.Provider value={true}>
      <TooltipPrimitive.Provider {...props} />
    </InGroup.Provider>
  );
}

export interface TooltipProps {
  label: ReactNode;
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Suppresses the tip while keeping the trigger mounted (so focus survives the change). */
  disabled?: boolean;
}

export function Tooltip({ label, children, side = 'bottom', disabled = false }: TooltipProps) {
  const inGroup = useContext(InGroup);
  const tip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      {!disabled && (
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-[10001] rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md',
              'data-[state=delayed-open]:animate-fade-in',
            )}
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      )}
    </TooltipPrimitive.Root>
  );
  if (inGroup) return tip;
  // A tip outside any group keeps the layout's delays on its own.
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {tip}
    </TooltipPrimitive.Provider>
  );
}
