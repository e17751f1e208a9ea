import type { Server } from 'socket.io';

/**
 * Rooms per slice: on the 2-core machine of the benchmarks a socket's write costs 65–100 µs, so a
 * slice holds the event loop for about 20 ms.
 */
export const EMIT_SLICE = 256;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Emits one event to many rooms of this process (socket ids or members' rooms), a slice at a
 * time, giving the event loop back between slices. One emit to 1,000 sockets writes to each in
 * one synchronous loop that held the process for 70–100 ms; meanwhile no request was answered and
 * no committed batch let the next one go, so a hot post's pushes stalled the rest of the site
 * (docs/performance.md, "Pushes in slices"). Resolves once every slice was written.
 */
export async function emitInSlices(
  io: Server,
  rooms: readonly string[],
  event: string,
  payload: unknown,
  slice = EMIT_SLICE,
): Promise<void> {
  for (let start = 0; start < rooms.length; start += slice) {
    if (start > 0) await nextTurn();
    io.local.to(rooms.slice(start, start + slice)).emit(event, payload);
  }
}
