import { Writable } from 'node:stream';
import pino from 'pino';
import { readableLines, stdoutDestination } from '../../server/logger';

describe('log lines on standard output', () => {
  it('are JSON when no terminal watches them', () => {
    const destination = stdoutDestination(false) as unknown as { fd?: number };
    expect(destination.fd).toBe(1);
  });

  it('read as time, level and message in a terminal, the fields after', () => {
    let text = '';
    const collected = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = pino({ base: { service: 'agora' } }, readableLines(collected)!);
    logger.info({ port: 8080 }, 'listening');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening\n\s+port: 8080\n$/);
    expect(text).not.toContain('"level"');
    expect(text).not.toContain('service');
  });
});
