import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../components/ui/tooltipTiming';

export type TipSide = 'right' | 'bottom';

/**
 * What a layout trigger carries to get a tip: its label and side, or nothing while `shown` is
 * false (a side panel link whose label is already written beside its icon).
 */
export function tipProps(label: string, side: TipSide, shown = true) {
  return shown ? { 'data-tip': label, 'data-tip-side': side } : {};
}

interface OpenTip {
  label: string;
  side: TipSide;
  rect: DOMRect;
}

const GAP_PX = 6;

function tipTarget(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>('[data-tip]') : null;
}

/** A container's own delay (`data-tip-delay`, the side panel's 0), else the layout's 700 ms. */
function delayOf(trigger: HTMLElement): number {
  const own = trigger.closest('[data-tip-delay]')?.getAttribute('data-tip-delay');
  return own === null || own === undefined ? TOOLTIP_DELAY_MS : Number(own);
}

/**
 * The tips of the layout's icon links and buttons (side panel, top menu, its toggle). The
 * layout is on every first page, so instead of the tooltip library (which pages load with
 * their own tips) one listener on the document shows one tip, with the timing of 002 §4 and
 * §9: delayed open, then instant open within 300 ms of the last tip closing. Every trigger has
 * its accessible name already; the tip repeats it for the eye.
 */
export function ShellTooltips() {
  const [tip, setTip] = useState<OpenTip | null>(null);

  useEffect(() => {
    let current: HTMLElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shownAt: number | null = null;
    let closedAt = -Infinity;

    const close = () => {
      clearTimeout(timer);
      if (shownAt !== null) closedAt = performance.now();
      shownAt = null;
      current = null;
      setTip(null);
    };
    const open = (trigger: HTMLElement) => {
      if (trigger === current) return;
      close();
      current = trigger;
      const instant = performance.now() - closedAt < TOOLTIP_SKIP_DELAY_MS;
      timer = setTimeout(
        () => {
          if (current !== trigger || !trigger.isConnected) return;
          shownAt = performance.now();
          setTip({
            label: trigger.dataset.tip ?? '',
            side: trigger.dataset.tipSide === 'right' ? 'right' : 'bottom',
            rect: trigger.getBoundingClientRect(),
          });
        },
        instant ? 0 : delayOf(trigger),
      );
    };
    const onOver = (event: Event) => {
      const trigger = tipTarget(event.target);
      if (trigger) open(trigger);
      else if (current) close();
    };
    const onOut = (event: FocusEvent | PointerEvent) => {
      if (current && !current.contains(event.relatedTarget as Node | null)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };

    document.addEventListener('pointerover', onOver);
    document.addEventListener('pointerout', onOut);
    document.addEventListener('focusin', onOver);
    document.addEventListener('focusout', onOut);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', onOver);
      document.removeEventListener('pointerout', onOut);
      document.removeEventListener('focusin', onOver);
      document.removeEventListener('focusout', onOut);
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
    };
  }, []);

  if (!tip) return null;
  const { rect, side } = tip;
  const style =
    side === 'right'
      ? { left: rect.right + GAP_PX, top: rect.top + rect.height / 2, translate: '0 -50%' }
      : { left: rect.left + rect.width / 2, top: rect.bottom + GAP_PX, translate: '-50% 0' };
  return createPortal(
    <div
      role="tooltip"
      data-testid="layout-tip"
      style={style}
      className="pointer-events-none fixed z-[10001] animate-fade-in rounded-md bg-foreground px-2 py-1 text-xs font-medium whitespace-nowrap text-background shadow-md"
    >
      {tip.label}
    </div>,
    document.body,
  );
}
