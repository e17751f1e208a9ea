/**
 * Sends on the live socket. The call layer is on every page, so it reaches the socket the way
 * watched lists do, through the live channel's own chunk, instead of bringing it into the first
 * page's bundle.
 */
export function emitCallEvent(event: string, payload: unknown): void {
  void import('../connection/realtime').then(({ emitSocketEvent }) =>
    emitSocketEvent(event, payload),
  );
}
