import pino, { type Logger } from 'pino';

/** A second destination for the lines at or above `level` (the log viewer's capture). */
export interface LogCaptureStream {
  level: string;
  stream: { write(line: string): void };
}

const LEVEL_ORDER = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

export function createLogger(level: string, capture?: LogCaptureStream): Logger {
  if (!capture || capture.level === 'silent') return pino({ level, base: { service: 'agora' } });
  const streams: pino.StreamEntry[] = [
    { level: capture.level as pino.Level, stream: capture.stream },
  ];
  if (level !== 'silent') streams.push({ level: level as pino.Level, stream: pino.destination(1) });
  // The logger lets through what the more talkative destination wants; each stream filters again.
  const lowest = [level, capture.level].sort(
    (a, b) => LEVEL_ORDER.indexOf(a) - LEVEL_ORDER.indexOf(b),
  )[0]!;
  return pino({ level: lowest, base: { service: 'agora' } }, pino.multistream(streams));
}
