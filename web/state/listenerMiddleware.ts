import { createListenerMiddleware } from '@reduxjs/toolkit';

/**
 * Side effects that follow state changes (the realtime channel) register on this, through the
 * typed `startAppListening` (./listener.ts), which needs the store's types; the store needs this.
 */
export const listenerMiddleware = createListenerMiddleware();
