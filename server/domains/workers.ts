import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { LiveRelay } from '../realtime/relay';

/** Background work a server process runs beside requests (email worker, alert rules, schedules). */
export interface BackgroundWorker {
  name: string;
  start(): Promise<void>;
  /** Finishes or abandons the work in hand; called before the pools close. */
  stop(): Promise<void>;
}

export interface WorkerDeps {
  db: Db;
  config: Config;
  logger: Logger;
  connectionString: string;
  io: Server;
  relay: LiveRelay;
}

/** Every background worker of a process, started after the relay and stopped before it. */
export function createWorkers(_deps: WorkerDeps): BackgroundWorker[] {
  return [];
}
