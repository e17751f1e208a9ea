import net from 'node:net';

export interface HttpResult {
  status: number;
  body: string;
}

interface Job {
  head: string;
  body: string;
  resolve(result: HttpResult): void;
  reject(error: Error): void;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:[ \t]*chunked/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;

/**
 * A minimal keep-alive HTTP/1.1 client: one request at a time per connection, no pipelining.
 * The load generator shares two cores with the server under test, and node:http's client spends
 * several times more CPU per request than this, which would be taken from the server's share.
 */
class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer | null = null;
  private job: Job | null = null;
  private dead = false;

  constructor(
    host: string,
    port: number,
    private readonly onIdle: (connection: Connection) => void,
    private readonly onDead: (connection: Connection) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  send(job: Job): void {
    this.job = job;
    this.socket.write(job.head + job.body);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private fail(error: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.socket.destroy();
    const job = this.job;
    this.job = null;
    this.onDead(this);
    job?.reject(error);
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const buffer = this.buffer;
    const headerEnd = buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = buffer.toString('latin1', 0, headerEnd);
    const bodyStart = headerEnd + HEADER_END.length;
    let body: string;
    if (CHUNKED.test(head)) {
      const decoded = decodeChunked(buffer, bodyStart);
      if (decoded === null) return;
      body = decoded;
    } else {
      const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
      if (buffer.length < bodyStart + length) return;
      body = buffer.toString('utf8', bodyStart, bodyStart + length);
    }
    this.buffer = null;
    const job = this.job;
    this.job = null;
    const status = Number(head.slice(9, 12));
    if (CONNECTION_CLOSE.test(head)) {
      this.dead = true;
      this.socket.destroy();
      this.onDead(this);
    } else {
      this.onIdle(this);
    }
    job?.resolve({ status, body });
  }
}

/** The body of a chunked response, or null while it is still incomplete. */
function decodeChunked(buffer: Buffer, start: number): string | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    const dataStart = lineEnd + 2;
    if (size === 0) {
      // The last chunk ends with an empty line (after any trailers).
      return buffer.indexOf(HEADER_END, lineEnd) >= 0
        ? Buffer.concat(parts).toString('utf8')
        : null;
    }
    if (buffer.length < dataStart + size + 2) return null;
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

export class HttpPool {
  private readonly idle: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly queue: Job[] = [];
  private readonly hostHeader: string;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly maxConnections: number,
  ) {
    this.hostHeader = `${host}:${port}`;
  }

  /** Requests waiting for a free connection: growth here means the target is not keeping up. */
  get queued(): number {
    return this.queue.length;
  }

  /** `cookie`, when given, rides along as the Cookie header (a member's session). */
  request(method: string, path: string, json?: string, cookie?: string): Promise<HttpResult> {
    const body = json ?? '';
    const head =
      `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\n` +
      (cookie === undefined ? '' : `Cookie: ${cookie}\r\n`) +
      (json === undefined
        ? '\r\n'
        : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    return new Promise((resolve, reject) => {
      const job: Job = { head, body, resolve, reject };
      const connection = this.idle.pop() ?? this.open();
      if (connection) connection.send(job);
      else this.queue.push(job);
    });
  }

  close(): void {
    for (const connection of this.all) connection.destroy();
    this.all.clear();
    this.idle.length = 0;
    for (const job of this.queue.splice(0)) job.reject(new Error('pool closed'));
  }

  private open(): Connection | null {
    if (this.all.size >= this.maxConnections) return null;
    const connection = new Connection(
      this.host,
      this.port,
      (c) => this.release(c),
      (c) => this.forget(c),
    );
    this.all.add(connection);
    return connection;
  }

  private release(connection: Connection): void {
    const next = this.queue.shift();
    if (next) connection.send(next);
    else this.idle.push(connection);
  }

  private forget(connection: Connection): void {
    this.all.delete(connection);
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    // Queued work must not strand when the connection it was waiting for dies.
    const next = this.queue.length > 0 ? this.open() : null;
    const job = next ? this.queue.shift() : undefined;
    if (next && job) next.send(job);
  }
}
