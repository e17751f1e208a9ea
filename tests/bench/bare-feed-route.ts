import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';

/**
 * The baseline of the community feed's capacity, run as its own process as bare-express.ts is:
 * one Express route on the server's Postgres answering 20 posts from one index range scan (an
 * author's newest published posts on `posts_author_feed`), as JSON, with no middleware, no
 * session and no policy. A pool as large as the server's, keeping idle connections as long, the
 * statement prepared by name as the server prepares its own.
 */
const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: bare-feed-route.ts <database url>');
// Idle connections kept as long as the server keeps its own (db/database.ts), so that both
// sides open their connections in the warm-up and neither reopens one during the search.
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: 20,
  idleTimeoutMillis: 10 * 60_000,
});

const app = express();
app.disable('x-powered-by');
app.get('/bare-feed', async (req, res) => {
  try {
    const { rows } = await pool.query({
      name: 'bare-feed',
      text: `select * from posts where author_id = $1 and status = 'published'
             order by feed_seq desc limit 20`,
      values: [String(req.query.author)],
    });
    res.json({ posts: rows });
  } catch (error) {
    res.status(500).json({ error: String(error) });
  }
});

const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => void pool.end().finally(() => process.exit(0));
// The parent holds our stdin: when it goes away, so do we, even if it could not signal us.
process.stdin.resume();
process.stdin.on('end', stop);
process.on('SIGTERM', stop);
