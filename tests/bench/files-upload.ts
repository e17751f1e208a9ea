import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface UploadAnswer {
  status: number;
  body: string;
  /** From the first byte sent to the last byte of the answer. */
  ms: number;
  fileBytes: number;
}

/**
 * POSTs a file as multipart/form-data, read from disk as it is sent: the client holds one read
 * chunk at a time, so a 100 MB upload measures the server, not a buffered client. Written by
 * hand over node:http because the length is known up front and fetch would need a web stream.
 */
export async function streamUpload(options: {
  url: string;
  cookie: string;
  file: string;
  filename: string;
  contentType: string;
  /** Plain fields, sent before the file so the server has them when the file arrives. */
  fields?: Record<string, string>;
}): Promise<UploadAnswer> {
  const boundary = `----agora-bench-${randomBytes(12).toString('hex')}`;
  const fields = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\ncontent-disposition: form-data; name="file"; ` +
      `filename="${options.filename}"\r\ncontent-type: ${options.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBytes = (await stat(options.file)).size;

  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    for await (const chunk of createReadStream(options.file, { highWaterMark: 256 * 1024 })) {
      yield chunk as Buffer;
    }
    yield tail;
  }

  const started = performance.now();
  const req = http.request(options.url, {
    method: 'POST',
    headers: {
      cookie: options.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + fileBytes + tail.length),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.once('error', reject);
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
      );
    });
  });
  // A server that refuses mid-stream (413) closes the request side: its answer is what counts.
  await pipeline(Readable.from(body()), req).catch(() => undefined);
  const answer = await answered;
  return { ...answer, ms: performance.now() - started, fileBytes };
}

/** Polls a reading (a process's RSS) and keeps its highest value until stopped. */
export function peakSampler(read: () => number | null, everyMs = 20): { stop(): number } {
  let peak = read() ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, read() ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read() ?? 0);
    },
  };
}
