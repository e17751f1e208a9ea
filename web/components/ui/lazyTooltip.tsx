import { useSyncExternalStore, type ReactNode } from 'react';
import type * as TooltipModule from './tooltip';
import type { TooltipProps } from './tooltip';

type Tooltips = typeof TooltipModule;

/**
 * The layout's tips (side panel, top menu) without the tooltip library on the first page: it
 * loads once the page is idle, and until then the triggers render bare. A tip is a hover aid;
 * every trigger has its own accessible name, so nothing is lost meanwhile.
 */
let tooltips: Tooltips | null = null;
let requested = false;
const listeners = new Set<() => void>();

function load(): void {
  import('./tooltip').then(
    (module) => {
      tooltips = module;
      for (const listener of listeners) listener();
    },
    () => {
      // A failed chunk (say, after a deploy) is tried again by the next page that mounts a tip.
      requested = false;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 2000 });
    else setTimeout(load, 200);
  }
  return () => listeners.delete(listener);
}

function useTooltips(): Tooltips | null {
  return useSyncExternalStore(
    subscribe,
    () => tooltips,
    () => null,
  );
}

export function LazyTooltip(props: TooltipProps) {
  const loaded = useTooltips();
  return loaded ? <loaded.Tooltip {...props} /> : props.children;
}

interface LazyTooltipGroupProps {
  children: ReactNode;
  /** Milliseconds before a tip opens; the layout's 700 unless a group says otherwise. */
  delayDuration?: number;
}

/** Tips inside share one delay once loaded (their triggers mount again then, once). */
export function LazyTooltipGroup({ children, delayDuration }: LazyTooltipGroupProps) {
  const loaded = useTooltips();
  if (!loaded) return children;
  return (
    <loaded.TooltipProvider
      delayDuration={delayDuration ?? loaded.TOOLTIP_DELAY_MS}
      skipDelayDuration={loaded.TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </loaded.TooltipProvider>
  );
}
