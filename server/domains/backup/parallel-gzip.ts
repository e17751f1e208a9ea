import { availableParallelism } from 'node:os';
import { Transform, type TransformCallback } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipBlock = promisify(gzip);

/** Large enough that a member's header and fresh dictionary cost nothing measurable. */
const BLOCK_BYTES = 1 << 20;

/**
 * gzip on several of libuv's threads: the stream is cut into blocks of `blockBytes`, each
 * compressed as a gzip member of its own while the next ones are read, and written in order.
 * Concatenated members are one gzip file (RFC 1952, 2.2) that any gunzip reads whole, so restore
 * and `gunzip` are unchanged. A single gzip stream compresses on one thread, which was the
 * backup's ceiling: COPY sends faster than level 1 compresses (docs/performance.md).
 */
export class ParallelGzip extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly inFlight: Promise<Buffer>[] = [];
  private emitted = false;

  constructor(
    private readonly options: { level: number; blockBytes?: number; threads?: number } = {
      level: 1,
    },
  ) {
    super();
  }

  private get blockBytes(): number {
    return this.options.blockBytes ?? BLOCK_BYTES;
  }

  private get threads(): number {
    return this.options.threads ?? Math.max(2, availableParallelism());
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.blockBytes) {
      callback();
      return;
    }
    this.startBlock();
    // Reading goes on while up to `threads` blocks compress; past that, it waits for the oldest.
    this.writeDone(this.threads - 1).then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback) {
    // An empty input still makes a valid (empty) gzip file.
    if (this.pendingBytes > 0 || (!this.emitted && this.inFlight.length === 0)) this.startBlock();
    this.writeDone(0).then(() => callback(), callback);
  }

  private startBlock(): void {
    const block = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    const compressed = gzipBlock(block, { level: this.options.level });
    // Awaited in order below; a failure is reported there, not as an unhandled rejection.
    compressed.catch(() => undefined);
    this.inFlight.push(compressed);
  }

  /** Writes the compressed blocks, oldest first, until at most `left` are still compressing. */
  private async writeDone(left: number): Promise<void> {
    while (this.inFlight.length > left) {
      this.push(await this.inFlight.shift()!);
      this.emitted = true;
    }
  }
}
