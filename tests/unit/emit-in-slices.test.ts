import type { Server } from 'socket.io';
import { emitInSlices } from '../../server/realtime/emit-in-slices';

/** A server whose local emits are recorded, with the order they interleave with other work. */
function recordingServer(log: string[]) {
  const io = {
    local: {
      to: (rooms: string[]) => ({
        emit: (event: string, payload: unknown) => {
          log.push(`emit ${event} ${JSON.stringify(payload)} to ${rooms.join(',')}`);
          return true;
        },
      }),
    },
  };
  return io as unknown as Server;
}

describe('emitInSlices', () => {
  it('emits to every room once, a slice at a time, in order', async () => {
    const log: string[] = [];
    const rooms = ['a', 'b', 'c', 'd', 'e'];
    await emitInSlices(recordingServer(log), rooms, 'post:counts', { likes: 3 }, 2);
    expect(log).toEqual([
      'emit post:counts {"likes":3} to a,b',
      'emit post:counts {"likes":3} to c,d',
      'emit post:counts {"likes":3} to e',
    ]);
  });

  it('gives the event loop back between slices, and resolves after the last', async () => {
    const log: string[] = [];
    // Work that is waiting for its turn (a request, a committed batch) runs between the slices,
    // not after all of them.
    setImmediate(() => log.push('other work'));
    const sent = emitInSlices(recordingServer(log), ['a', 'b', 'c'], 'post:new', {}, 1).then(() =>
      log.push('done'),
    );
    await sent;
    expect(log).toEqual([
      'emit post:new {} to a',
      'other work',
      'emit post:new {} to b',
      'emit post:new {} to c',
      'done',
    ]);
  });

  it('emits nothing for no rooms', async () => {
    const log: string[] = [];
    await emitInSlices(recordingServer(log), [], 'post:new', {});
    expect(log).toEqual([]);
  });
});
