import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * The bare Express baseline, run as its own process so it gets the same footing as the server
 * under test: one JSON route with the same body parser, no middleware, no database.
 */
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/bare', (req, res) => {
  res.status(201).json({ ok: true, echo: req.body as unknown, at: Date.now() });
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

// The parent holds our stdin: when it goes away, so do we, even if it could not signal us.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
