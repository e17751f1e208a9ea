import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * The static-file baseline of the `files` scenario: Express's own static middleware over one
 * folder, in its own process so it stands on the same footing as the server under test.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: static-files.ts <folder>');

const app = express();
app.disable('x-powered-by');
app.use(express.static(dir));

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

// The parent holds our stdin: when it goes away, so do we, even if it could not signal us.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
