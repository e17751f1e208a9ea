import { SOCKET_EVENTS, type PresenceSignal } from '../../../shared/realtime';
import { emitSocketEvent, type LiveFeature } from '../connection';

/** While the member keeps using the tab, activity is reported at most this often. */
const ACTIVITY_REPORT_INTERVAL_MS = 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown'] as const;

let started = false;
let lastReportAt = 0;

function report(active: boolean): void {
  lastReportAt = Date.now();
  const signal: PresenceSignal = { visible: document.visibilityState === 'visible', active };
  emitSocketEvent(SOCKET_EVENTS.presence, signal);
}

const reportVisibility = () => report(document.visibilityState === 'visible');

function reportActivity(): void {
  if (Date.now() - lastReportAt >= ACTIVITY_REPORT_INTERVAL_MS) report(true);
}

/** Presence receives no pushes; a new connection has no status until the tab reports one. */
export const presenceLive: LiveFeature = {
  name: 'presence',
  resync() {
    if (started) reportVisibility();
  },
};

/**
 * Tells the server whether this tab is visible and in use, for the online/away status others
 * see: on every connect, on each visibility change, and at most once a minute while active.
 */
export function startPresenceReporting(): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  document.addEventListener('visibilitychange', reportVisibility);
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, reportActivity, { passive: true });
  }
}
