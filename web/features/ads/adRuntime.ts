import type { AdEvent } from '../../../shared/ads';
import { AdEventBatcher, type SendOutcome } from './eventBatcher';
import { createTallyStore } from './sessionTally';

/** Refusals worth trying again: the server was busy or the request timed out. */
const RETRYABLE = new Set([408, 429]);

async function sendAdEvents(events: AdEvent[], leaving: boolean): Promise<SendOutcome> {
  try {
    const response = await fetch('/api/ads/events', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events }),
      // A page being hidden may be gone before the answer: keepalive lets the request finish.
      keepalive: leaving,
    });
    if (response.ok) return 'sent';
    if (response.status >= 500 || RETRYABLE.has(response.status)) return 'retry';
    console.warn(`The server refused ${events.length} ad events (${response.status})`);
    return 'refused';
  } catch {
    return 'retry';
  }
}

const batcher = new AdEventBatcher({ send: sendAdEvents });

/** This tab's own counts, shown to a member on the demo page. */
export const sessionTally = createTallyStore();

let started = false;

/**
 * Starts, once per tab, what every screen with ads needs: the 5 s flushes and the flush on page
 * hide, and the config and metrics pushes. The live channel (and its socket library) loads after
 * the first page on its own; asking it for the handlers by `import()` keeps it out of the ad
 * chunk's preloads.
 */
export function startAdRuntime(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void import('../connection/realtime').then(({ activateLiveFeature }) =>
    activateLiveFeature('ads'),
  );
  batcher.start();
  const leave = () => void batcher.flush(true);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  window.addEventListener('pagehide', leave);
}

export function recordAdEvent(event: AdEvent): void {
  sessionTally.record(event);
  batcher.add(event);
}
