import net from 'node:net';

/**
 * Ports for the server and Postgres processes a test starts (and may start again on the same
 * port after killing them). Not ports the system hands out itself: what `listen(0)` returns and
 * the source ports of outgoing connections come from one range (Linux's 32768–60999), so a port
 * found free there and released can be taken by any new connection, a pool's to Postgres, before
 * the process binds it. CI saw exactly that: "port 38931 is already in use by another program".
 * These come from below that range, each integration lane that runs at the same time from a
 * slice of its own (`TEST_LANE`, set by scripts/run-tests.ts), so two lanes never pick one port.
 */
const FIRST_PORT = 20_000;
const LANE_SLICE = 4_000;
/** Slices that fit between `FIRST_PORT` and the start of the ephemeral range, 32768. */
const SLICES = Math.floor((32_768 - FIRST_PORT) / LANE_SLICE);

const lane = Number(process.env.TEST_LANE ?? 0);
const sliceStart =
  FIRST_PORT + (Number.isInteger(lane) && lane >= 0 ? lane % SLICES : 0) * LANE_SLICE;
// Files of one lane run one after another in processes of their own; a random start keeps a file
// from probing the ports the one before it has only just let go of.
let offset = Math.floor(Math.random() * LANE_SLICE);

function listensThere(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < LANE_SLICE; tried += 1) {
    const port = sliceStart + offset;
    offset = (offset + 1) % LANE_SLICE;
    if (!(await listensThere(port))) return port;
  }
  throw new Error(`no free port from ${sliceStart} to ${sliceStart + LANE_SLICE - 1}`);
}
