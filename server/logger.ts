import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';

/** A second destination for the lines at or above `level` (the log viewer's capture). */
export interface LogCaptureStream {
  level: string;
  stream: { write(line: string): void };
}

const LEVEL_ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** pino-pretty is a development dependency: an install without it logs JSON everywhere. */
function loadPretty(): typeof PinoPretty | null {
  try {
    return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  } catch {
    return null;
  }
}

/** Log lines made readable for a person (time, level, message, then the fields), or null. */
export function readableLines(destination?: NodeJS.WritableStream) {
  const pretty = loadPretty();
  return pretty
    ? pretty({
        colorize: destination === undefined,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,service',
        // Lines written just before a process.exit (a failed start, a shutdown) are kept.
        sync: true,
        ...(destination ? { destination } : {}),
      })
    : null;
}

/**
 * Standard output: readable lines when a person watches it in a terminal (`npm start`), JSON
 * lines otherwise, which is what log collectors, the benchmark and the tests read.
 */
export function stdoutDestination(isTerminal = process.stdout.isTTY === true) {
  return (isTerminal ? readableLines() : null) ?? pino.destination(1);
}

export function createLogger(level: string, capture?: LogCaptureStream): Logger {
  const base = { service: 'agora' };
  if (!capture || capture.level === 'silent') return pino({ level, base }, stdoutDestination());
  const streams: pino.StreamEntry[] = [
    { level: capture.level as pino.Level, stream: capture.stream },
  ];
  if (level !== 'silent') streams.push({ level: level as pino.Level, stream: stdoutDestination() });
  // The logger lets through what the more talkative destination wants; each stream filters again.
  const lowest = [level, capture.level].sort(
    (a, b) => LEVEL_ORDER.indexOf(a) - LEVEL_ORDER.indexOf(b),
  )[0]!;
  return pino({ level: lowest, base }, pino.multistream(streams));
}
