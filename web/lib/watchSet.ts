/** Screens change what they show in bursts (scrolling, a page loading): one message per burst. */
export const WATCH_DEBOUNCE_MS = 250;

export interface WatchSet {
  /** A screen shows these items; the returned function is called when it stops. */
  watch(ids: readonly string[]): () => void;
  /** A new connection knows nothing of what this client watched: tell it now. */
  resend(): void;
  /** What is watched now, as last sent or about to be. */
  watched(): string[];
}

/**
 * The items on screen (posts, profiles), from every screen that shows some, told to the server
 * as one list. An item shown by two screens stays watched until both let it go; the server
 * replaces its list with each message, so the whole list goes every time, at most `max` long.
 */
export function createWatchSet(
  send: (ids: string[]) => void,
  max: number,
  debounceMs = WATCH_DEBOUNCE_MS,
): WatchSet {
  /** How many screens show each item, in the order they first showed it. */
  const shown = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = '';

  const current = (): string[] => {
    const ids = [...shown.keys()];
    // Past the server's bound, the items shown most recently are the ones on screen.
    return ids.slice(Math.max(0, ids.length - max));
  };

  const flush = (force: boolean) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const ids = current();
    const key = ids.join(',');
    if (!force && key === lastSent) return;
    lastSent = key;
    send(ids);
  };

  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => flush(false), debounceMs);
  };

  return {
    watch(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return () => undefined;
      for (const id of unique) shown.set(id, (shown.get(id) ?? 0) + 1);
      schedule();
      return () => {
        for (const id of unique) {
          const count = (shown.get(id) ?? 0) - 1;
          if (count > 0) shown.set(id, count);
          else shown.delete(id);
        }
        schedule();
      };
    },
    resend() {
      if (shown.size > 0) flush(true);
      else lastSent = '';
    },
    watched: current,
  };
}
