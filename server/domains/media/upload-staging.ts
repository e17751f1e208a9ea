import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IncomingMessage } from 'node:http';
import {
  finished,
  PassThrough,
  Transform,
  type Readable,
  type TransformCallback,
} from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mediaMessages } from '../../../shared/media';
import { invalid, tooLarge, unsupportedType } from '../../core/errors';
import { SNIFF_BYTES, sniffType, typeAllowed, type SniffedType } from './content-type';

/** An upload written whole to the staging folder, not yet in storage. */
export interface StagedFile {
  path: string;
  name: string;
  size: number;
  sha256: string;
  type: SniffedType;
}

export interface StagingRules {
  dir: string;
  maxBytes: number;
  allowedTypes: readonly string[];
  /** Refusal when the limit is a member's remaining quota rather than the file limit. */
  overLimit?: () => Error;
  /** The upload must be exactly this long: a presigned upload that declared its size. */
  exactBytes?: number;
}

/**
 * Passes an upload's bytes through while counting and hashing them. The first bytes are held
 * back until the type is known from them: a refused type stops the upload before anything of it
 * is written, and so does the byte past the limit.
 */
class UploadInspector extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  type: SniffedType | null = null;
  private held: Buffer[] = [];
  private heldBytes = 0;

  constructor(
    private readonly name: string,
    private readonly rules: StagingRules,
  ) {
    super();
  }

  private async decide(complete: boolean): Promise<void> {
    const head = Buffer.concat(this.held);
    const type = await sniffType(head.subarray(0, SNIFF_BYTES), this.name, complete);
    if (!typeAllowed(type.mime, this.rules.allowedTypes)) {
      throw unsupportedType(mediaMessages.typeNotAllowed(type.mime, this.rules.allowedTypes));
    }
    this.type = type;
    this.push(head);
    this.held = [];
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    const { exactBytes } = this.rules;
    if (exactBytes !== undefined && this.size > exactBytes) {
      done(tooLarge('size-not-declared', mediaMessages.sizeNotDeclared(exactBytes)));
      return;
    }
    if (this.size > this.rules.maxBytes) {
      done(
        this.rules.overLimit?.() ??
          tooLarge('file-too-large', mediaMessages.fileTooLarge(this.rules.maxBytes)),
      );
      return;
    }
    this.hash.update(chunk);
    if (this.type) {
      done(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < SNIFF_BYTES) {
      done();
      return;
    }
    this.decide(false).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    if (this.size === 0) {
      done(invalid('file-empty', mediaMessages.fileEmpty));
      return;
    }
    const { exactBytes } = this.rules;
    if (exactBytes !== undefined && this.size !== exactBytes) {
      done(invalid('size-not-declared', mediaMessages.sizeNotDeclared(exactBytes)));
      return;
    }
    if (this.type) {
      done();
      return;
    }
    this.decide(true).then(() => done(), done);
  }
}

/**
 * A request's body as a stream of its own, for a pipeline to read. A pipeline destroys its source
 * when a later stage fails, and a request destroyed before its body is read leaves its connection
 * stuck on the unread bytes: the next request on it waits until the keep-alive timeout cuts it.
 * Refusing this stream instead reads the rest of the body and drops it, so the refusal is
 * answered and the connection serves the next request; a body cut short still fails the stream.
 */
function requestBody(req: IncomingMessage): Readable {
  const body = new PassThrough({
    destroy(error, done) {
      req.unpipe(body);
      req.resume();
      done(error);
    },
  });
  finished(req, (error) => {
    if (error) body.destroy(error);
  });
  return req.pipe(body);
}

/** Streams an upload to a staging file; nothing of a refused upload is left behind. */
export async function stageUpload(
  source: Readable,
  name: string,
  rules: StagingRules,
): Promise<StagedFile> {
  const target = path.join(rules.dir, `upload-${randomUUID()}`);
  const inspector = new UploadInspector(name, rules);
  const sink = createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(
      source instanceof IncomingMessage ? requestBody(source) : source,
      inspector,
      sink,
    );
  } catch (error) {
    // A source that fails at once (the request refused meanwhile) can reject the pipeline before
    // the file is even opened; removed before that, the file would be created after and stay.
    if (!sink.closed) await once(sink, 'close').catch(() => undefined);
    await rm(target, { force: true });
    throw error;
  }
  return {
    path: target,
    name,
    size: inspector.size,
    sha256: inspector.hash.digest('hex'),
    type: inspector.type!,
  };
}
