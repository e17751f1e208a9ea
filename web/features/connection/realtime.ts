import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { io, type Socket } from 'socket.io-client';
import { badgesSchema } from '../../../shared/badges';
import { SOCKET_EVENTS } from '../../../shared/realtime';
import { startAppListening } from '../../state/listener';
import type { AppDispatch, AppThunk, RootState } from '../../state/store';
import { selectSignedInUserId, sessionRechecked } from '../auth';
import { badgesApi, badgesReceived, badgesReset } from '../badges';
import {
  connected,
  connectionClosed,
  connectionGaveUp,
  connectionLost,
  connectStarted,
  reconnectAttempted,
} from './connectionSlice';
import type { LiveFeatureEntry } from './liveFeature';
import { createLiveRegistry, type LiveRegistry } from './liveRegistry';
import { SOCKET_OPTIONS } from './socketOptions';

/** The live socket is a resource, not state, so it lives here rather than in the store. */
let socket: Socket | null = null;

/** The features listed by `startRealtimeSync`; none until then. */
let features: LiveRegistry | null = null;
/** Lazy features a screen asked for before the list arrived: loaded as it does. */
const requestedEarly = new Set<string>();

/** Sends a signal to the server (typing); dropped silently while disconnected. */
export function emitSocketEvent(event: string, payload: unknown): void {
  if (socket?.connected) socket.emit(event, payload);
}

/**
 * Waits before asking again for a snapshot that failed on the way (a proxy's 502 while it learns
 * that a process died, a 503 during an outage, no answer): pushes missed while away are only
 * repaired by a snapshot, so one lost to a passing failure must not leave the counts stale.
 */
const SNAPSHOT_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000] as const;

/**
 * A failure that asking again may cure: no answer, or the server side's 5xx, including a proxy's
 * 502 page, which is HTML and so arrives as a parsing error carrying the real status.
 */
function isPassingFailure(error: FetchBaseQueryError): boolean {
  if (typeof error.status === 'number') return error.status >= 500;
  if (error.status === 'PARSING_ERROR') return error.originalStatus >= 500;
  return true;
}

const loadBadgesSnapshot =
  (userId: string): AppThunk =>
  async (dispatch, getState) => {
    for (let attempt = 0; ; attempt += 1) {
      const result = await dispatch(
        badgesApi.endpoints.getBadges.initiate(undefined, { subscribe: false, forceRefetch: true }),
      );
      // A snapshot that outlived its member must not seed the next member's counts.
      if (selectSignedInUserId(getState()) !== userId) return;
      // A failed request still carries the last data the cache held: only a success is news.
      if (result.isSuccess) {
        dispatch(badgesReceived(result.data));
        return;
      }
      const error = result.error && 'status' in result.error ? result.error : undefined;
      if (error?.status === 401) {
        dispatch(sessionRechecked());
        return;
      }
      const delay = SNAPSHOT_RETRY_DELAYS_MS[attempt];
      if (error === undefined || !isPassingFailure(error) || delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };

function open(dispatch: AppDispatch, getState: () => RootState, userId: string): void {
  const current = io(SOCKET_OPTIONS);
  const isCurrent = () => socket === current;

  // Subscribed before connecting: a push that races the snapshot below goes through the same
  // version check, so whichever arrives last cannot roll the counts back.
  current.on(SOCKET_EVENTS.badges, (value: unknown) => {
    const parsed = badgesSchema.safeParse(value);
    if (isCurrent() && parsed.success) dispatch(badgesReceived(parsed.data));
  });
  current.onAny((event: string, payload: unknown) => {
    if (isCurrent()) features?.push(event, payload, dispatch, getState);
  });
  const resyncAll = () => {
    dispatch(loadBadgesSnapshot(userId));
    features?.resync(dispatch);
  };
  current.on('connect', () => {
    if (!isCurrent()) return;
    dispatch(connected());
    // Pushes sent while we were away are lost; a fresh snapshot repairs the counts.
    resyncAll();
  });
  // A restore replaced history without pushing it: load every view again, as after a reconnect.
  current.on(SOCKET_EVENTS.resync, () => {
    if (isCurrent()) resyncAll();
  });
  current.on('disconnect', (reason) => {
    if (!isCurrent() || reason === 'io client disconnect') return;
    if (reason === 'io server disconnect') {
      // The server ends the link when the session is gone (e.g. signed out in another tab).
      dispatch(connectionGaveUp());
      dispatch(sessionRechecked());
      return;
    }
    dispatch(connectionLost());
  });
  current.on('connect_error', (error) => {
    // An active socket retries on its own; an inactive one was refused by the server.
    if (!isCurrent() || current.active) return;
    dispatch(connectionGaveUp());
    if (error.message === 'unauthorized') dispatch(sessionRechecked());
  });
  current.io.on('reconnect_attempt', (attempt) => {
    if (isCurrent()) dispatch(reconnectAttempted(attempt));
  });
  current.io.on('reconnect_failed', () => {
    if (isCurrent()) dispatch(connectionGaveUp());
  });

  socket = current;
  dispatch(connectStarted());
  current.connect();
  // Counts show even if the channel never comes up; the snapshot on connect closes the gap.
  dispatch(loadBadgesSnapshot(userId));
}

function close(): void {
  const current = socket;
  socket = null;
  current?.disconnect();
}

/** The Reconnect button: a fresh round of five attempts. */
export const reconnectRequested = (): AppThunk => (dispatch) => {
  if (!socket || socket.connected) return;
  dispatch(connectStarted());
  socket.connect();
};

/** One channel per signed-in member: opened on sign-in, replaced on a user change, closed on sign-out. */
const followSignedInUser = {
  predicate: (_action: unknown, current: RootState, previous: RootState) =>
    selectSignedInUserId(current) !== selectSignedInUserId(previous),
  effect: (_action: unknown, listenerApi: { dispatch: AppDispatch; getState: () => RootState }) => {
    close();
    listenerApi.dispatch(badgesReset());
    listenerApi.dispatch(connectionClosed());
    const userId = selectSignedInUserId(listenerApi.getState());
    if (userId) open(listenerApi.dispatch, listenerApi.getState, userId);
  },
};

/** Loads a lazy feature's push handlers; `useLiveFeature` calls it as one of its screens mounts. */
export function activateLiveFeature(name: string): void {
  if (features) features.activate(name);
  else requestedEarly.add(name);
}

/**
 * Routes pushes to `liveFeatures`, the one list of what follows the channel, and opens the
 * channel for whoever is signed in now and after each change. This module loads after the
 * first render (see `web/app/live.ts`), so the session may already be known: it is caught up
 * with at once. Listening is idempotent: the listener middleware ignores a second registration
 * of the same effect.
 */
export function startRealtimeSync(
  liveFeatures: readonly LiveFeatureEntry[],
  store: { dispatch: AppDispatch; getState: () => RootState },
): void {
  if (features) return;
  features = createLiveRegistry(liveFeatures);
  for (const name of requestedEarly) features.activate(name);
  requestedEarly.clear();
  startAppListening(followSignedInUser);
  if (selectSignedInUserId(store.getState())) followSignedInUser.effect(undefined, store);
}
