import { PROFILES_WATCHED_MAX, profileLiveEvents } from '../../../shared/profiles';

/** Screens change what they show in bursts (a list page loading): one message per burst. */
export const WATCH_PROFILES_DEBOUNCE_MS = 250;

/**
 * The profiles on screen, from every screen that shows some, told to the server as one list
 * (`profiles:watch`). A profile shown by two screens stays watched until both let it go; the
 * server replaces its list with each message, so the whole list goes every time.
 */
export function createWatchedProfiles(
  send: (payload: { userIds: string[] }) => void,
  debounceMs = WATCH_PROFILES_DEBOUNCE_MS,
) {
  /** How many screens show each profile, in the order they first showed it. */
  const shown = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = '';

  const current = (): string[] => {
    const ids = [...shown.keys()];
    // Past the server's bound, the profiles shown most recently are the ones on screen.
    return ids.slice(Math.max(0, ids.length - PROFILES_WATCHED_MAX));
  };

  const flush = (force: boolean) => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const userIds = current();
    const key = userIds.join(',');
    if (!force && key === lastSent) return;
    lastSent = key;
    send({ userIds });
  };

  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => flush(false), debounceMs);
  };

  return {
    /** A screen shows these profiles; the returned function is called when it stops. */
    watch(userIds: readonly string[]): () => void {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return () => undefined;
      for (const id of ids) shown.set(id, (shown.get(id) ?? 0) + 1);
      schedule();
      return () => {
        for (const id of ids) {
          const count = (shown.get(id) ?? 0) - 1;
          if (count > 0) shown.set(id, count);
          else shown.delete(id);
        }
        schedule();
      };
    },
    /** A new connection knows nothing of what this client watched: tell it now. */
    resend(): void {
      if (shown.size > 0) flush(true);
      else lastSent = '';
    },
    watched: current,
  };
}

/** The live channel loads after the first page renders; watching must not pull it in. */
export const watchedProfiles = createWatchedProfiles((payload) => {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(profileLiveEvents.watch, payload),
  );
});
